import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import { scoreSpeakingTest } from '../../../../shared/speaking-test/scoring';
import { countingNote, withoutCountingNote } from '../../../../shared/band-estimate/counting-note';
import { EARLIER_NOTHING_MORE_ADVICE, NOTHING_MORE_ADVICE } from '../../../../shared/band-estimate/nothing-more';
import { isSmallerEffectsRule, smallerEffectsRule } from '../../../../shared/speaking-test/smaller-effects';
import { criterionLines, nextStep } from './summary';

const ANSWERS = [
  'I work in a bank in the city centre and I enjoy helping customers every day because they trust me',
  'In my free time I read novels and I go cycling early in the morning with my friends',
  'My manager told me employers value communication skills he say many graduates do not realise it',
  'I think travelling teaches young people to be independent and patient when things go wrong',
  'Schools should teach practical skills such as managing money and cooking for the family',
  'Technology has changed education because students can learn from anywhere now, even at home',
];

const answers: SpeakingTestAnswer[] = ANSWERS.map((text, i) => ({ part: 1, questionNumber: i + 1, question: `Question ${i + 1}?`, answer: text, responseTimeMs: 1500, speakingTimeMs: 12_000 }));

describe("the results' summary", () => {
  const result = scoreSpeakingTest(answers);
  if (!result.assessable) throw new Error('the sample answers should be assessable');

  it('gives each criterion one line: its band and the evidence that moved it most', () => {
    const lines = criterionLines(result);
    expect(lines.map((line) => line.name)).toEqual(['Fluency', 'Vocabulary', 'Grammar', 'Pronunciation']);
    for (const line of lines) expect(line.band).toBe(result.bands[line.criterion]);
    for (const line of lines.slice(0, 3)) {
      const { rules, base } = result.criteria[line.criterion];
      const byEffect = rules.filter((rule) => !isSmallerEffectsRule(rule.rule)).sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
      const down = result.bands[line.criterion] < base;
      const main = byEffect.find((rule) => (down ? rule.delta < 0 : rule.delta > 0)) ?? byEffect[0];
      if (!main) {
        expect(line.reason).toBe("Nothing measured moved it up or down from the average learner's band.");
        continue;
      }
      const label = withoutCountingNote(main.rule).replace(/: [\d.]+%? \(average learner [^)]*\)$/u, '');
      expect(line.reason.startsWith(`${main.delta > 0 ? 'Helped most by' : 'Lowered most by'} ${label}: you `), line.reason).toBe(true);
      expect(line.reason).toMatch(/: you \d+(\.\d+)?%?, average learner \d+(\.\d+)?%?\.$/u);
    }
    expect(lines[3]?.reason).toBe('Not measured: until your teacher listens, it is the average of the other three.');
    // Shown quieter than the three measured bands.
    expect(lines.map((line) => line.measured)).toEqual([true, true, true, false]);
  });

  it('names the one thing to work on next: the advice of the lowest measured criterion', () => {
    const measured = (['fluency', 'vocabulary', 'grammar'] as const).map((criterion) => result.criteria[criterion].band);
    const next = nextStep(result);
    const level = (['fluency', 'vocabulary', 'grammar'] as const).filter((criterion) => result.criteria[criterion].band === Math.min(...measured));
    const names = { fluency: 'Fluency', vocabulary: 'Vocabulary', grammar: 'Grammar' } as const;
    expect(level.map((criterion) => names[criterion])).toContain(next.criterion);
    expect([next.criterion, ...next.levelWith].sort()).toEqual(level.map((criterion) => names[criterion]).sort());
    expect(next.advice).toBe(result.criteria[level.find((criterion) => names[criterion] === next.criterion) ?? 'fluency'].advice);
  });

  it('passes over a lower criterion whose advice is that there is nothing more to work on', () => {
    const criteria = {
      ...result.criteria,
      fluency: { ...result.criteria.fluency, band: 8, advice: 'Fluency advice.' },
      vocabulary: { ...result.criteria.vocabulary, band: 6.5, advice: 'Vocabulary advice.' },
      grammar: { ...result.criteria.grammar, band: 6, advice: NOTHING_MORE_ADVICE },
    };
    const bands = { ...result.bands, fluency: 8, vocabulary: 6.5, grammar: 6 };
    expect(nextStep({ bands, criteria })).toEqual({ criterion: 'Vocabulary', advice: 'Vocabulary advice.', levelWith: [] });
    // With nothing to work on anywhere, the lowest still says so.
    const none = Object.fromEntries(Object.entries(criteria).map(([name, score]) => [name, { ...score, advice: NOTHING_MORE_ADVICE }])) as typeof criteria;
    expect(nextStep({ bands, criteria: none })).toEqual({ criterion: 'Grammar', advice: NOTHING_MORE_ADVICE, levelWith: [] });
    // The advice as attempts saved before its plainer wording hold it is passed over too.
    const earlier = EARLIER_NOTHING_MORE_ADVICE;
    expect(nextStep({ bands, criteria: { ...criteria, grammar: { ...criteria.grammar, advice: earlier } } })).toMatchObject({ criterion: 'Vocabulary' });
  });

  it("names what held a band below the average learner's, even when a smaller piece of evidence raised it", () => {
    const grammar = { ...result.criteria.grammar, base: 5.5, rules: [{ rule: 'words between linking words: 13 (average learner 6.6)', delta: 0.8 }, { rule: 'grammar mistakes: 12 (average learner 3)', delta: -0.5 }, { rule: 'articles: 4 (average learner 1)', delta: -2 }] };
    const low = { ...result, bands: { ...result.bands, grammar: 3 }, criteria: { ...result.criteria, grammar } };
    expect(criterionLines(low)[2]?.reason).toBe('Lowered most by articles: you 4, average learner 1.');
    const high = { ...low, bands: { ...low.bands, grammar: 6.5 } };
    expect(criterionLines(high)[2]?.reason).toBe('Helped most by words between linking words: you 13, average learner 6.6.');
  });

  it('leaves how a listed word is counted to the rule-by-rule detail: the line fits a phone', () => {
    const rule = `linking words per 100 words${countingNote('word')}: 1.9 (average learner 2.4)`;
    const fluency = { ...result.criteria.fluency, base: 4.6, rules: [{ rule, delta: -0.6 }] };
    const shown = { ...result, bands: { ...result.bands, fluency: 3 }, criteria: { ...result.criteria, fluency } };
    expect(criterionLines(shown)[0]?.reason).toBe('Lowered most by linking words per 100 words: you 1.9, average learner 2.4.');
    expect(withoutCountingNote(`past-tense verbs per 100 words${countingNote('verb')}: 2.0`)).toBe('past-tense verbs per 100 words: 2.0');
    // An attempt saved before the plainer wording holds the earlier note and "typical learner": read the same.
    const stored = { ...fluency, rules: [{ rule: 'linking words per 100 words (the same word once, plus once per 200 words): 1.9 (typical learner 2.4)', delta: -0.6 }] };
    expect(criterionLines({ ...shown, criteria: { ...shown.criteria, fluency: stored } })[0]?.reason).toBe('Lowered most by linking words per 100 words: you 1.9, average learner 2.4.');
  });

  it('never names the line gathering the smallest effects as what moved a band most', () => {
    const grammar = { ...result.criteria.grammar, base: 5.5, rules: [{ rule: 'articles: 4 (average learner 1)', delta: 0.1 }, { rule: smallerEffectsRule(3), delta: 0.12 }] };
    const shown = { ...result, bands: { ...result.bands, grammar: 6 }, criteria: { ...result.criteria, grammar } };
    expect(criterionLines(shown)[2]?.reason).toBe('Helped most by articles: you 4, average learner 1.');
    // The gathering line as attempts saved before the plainer wording hold it.
    const stored = { ...grammar, rules: [{ rule: 'articles: 4 (typical learner 1)', delta: 0.1 }, { rule: '3 smaller effects together', delta: 0.12 }] };
    expect(criterionLines({ ...shown, criteria: { ...shown.criteria, grammar: stored } })[2]?.reason).toBe('Helped most by articles: you 4, average learner 1.');
  });

  it("sets the student's figure beside the average learner's, so that fewer mistakes do not read as mistakes raising the band", () => {
    const slips = "verb and comparison mistakes found (he go, they was, didn't went, more cheaper) per 100 words: 0.1 (average learner 0.3)";
    const grammar = { ...result.criteria.grammar, base: 3.1, rules: [{ rule: slips, delta: 0.4 }] };
    const up = { ...result, bands: { ...result.bands, grammar: 3.5 }, criteria: { ...result.criteria, grammar } };
    expect(criterionLines(up)[2]?.reason).toBe(
      "Helped most by verb and comparison mistakes found (he go, they was, didn't went, more cheaper) per 100 words: you 0.1, average learner 0.3.",
    );
    const variety = { ...result.criteria.vocabulary, base: 3.1, rules: [{ rule: 'word variety (different words in each group of 50; forms of a word counted once): 65% (average learner 68%)', delta: -0.2 }] };
    const down = { ...result, bands: { ...result.bands, vocabulary: 2.9 }, criteria: { ...result.criteria, vocabulary: variety } };
    expect(criterionLines(down)[1]?.reason).toBe('Lowered most by word variety (different words in each group of 50; forms of a word counted once): you 65%, average learner 68%.');
    // Section 9's rules of older attempts have no average learner's figure: as they were.
    const older = { ...result.criteria.fluency, base: 5, rules: [{ rule: 'wpm > 120', delta: 1 }] };
    const old = { ...result, bands: { ...result.bands, fluency: 6 }, criteria: { ...result.criteria, fluency: older } };
    expect(criterionLines(old)[0]?.reason).toBe('Helped most by wpm > 120.');
  });

  it('names the criteria level on the lowest band together, with the advice of the one lower before rounding, and a rule with no evidence says so', () => {
    const flat = { ...result, criteria: { ...result.criteria, fluency: { ...result.criteria.fluency, base: 5, band: 5, rules: [] }, vocabulary: { ...result.criteria.vocabulary, base: 5.5, rules: [{ rule: 'a', delta: -0.7 }], band: 5 }, grammar: { ...result.criteria.grammar, band: 6 } } };
    // Vocabulary adds up to 4.8 before rounding, Fluency to 5.0: both show 5.
    expect(nextStep(flat)).toEqual({ criterion: 'Vocabulary', advice: result.criteria.vocabulary.advice, levelWith: ['Fluency'] });
    // Level before rounding too: the first in order.
    const even = { ...flat, criteria: { ...flat.criteria, vocabulary: { ...flat.criteria.vocabulary, rules: [{ rule: 'a', delta: -0.5 }] } } };
    expect(nextStep(even)).toEqual({ criterion: 'Fluency', advice: result.criteria.fluency.advice, levelWith: ['Vocabulary'] });
    // Half a band apart is not level: the lower alone is named.
    const apart = { ...flat, criteria: { ...flat.criteria, vocabulary: { ...flat.criteria.vocabulary, band: 5.5 } } };
    expect(nextStep(apart)).toMatchObject({ criterion: 'Fluency', levelWith: [] });
    expect(criterionLines(flat)[0]?.reason).toBe("Nothing measured moved it up or down from the average learner's band.");
  });
});
