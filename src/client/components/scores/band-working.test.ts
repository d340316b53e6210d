import { describe, expect, it } from 'vitest';
import type { CriterionAnalysis } from '../../../shared/api/admin-attempts';
import { EARLIER_PRONUNCIATION_NOTE, PRONUNCIATION_NOT_MEASURED_ADVICE } from '../../../shared/speaking-test/pronunciation-note';
import { roundToHalfBand, scoreSpeakingTest } from '../../../shared/speaking-test/scoring';
import { bandWorking, deltaText } from './band-working';

const criterion = (over: Partial<CriterionAnalysis>): CriterionAnalysis => ({
  criterion: 'grammar',
  base: 3.3,
  band: 4.5,
  rules: [],
  figures: {},
  advice: 'Build longer sentences.',
  ...over,
});

/** The figures a card shows, added up as a reader would: the base and every step, in tenths. */
const shownTotal = (item: CriterionAnalysis) => (Math.round(item.base * 10) + item.rules.reduce((sum, rule) => sum + Math.round(rule.delta * 10), 0)) / 10;

const SENTENCES = [
  'I work in a bank in the city centre and I enjoy helping customers every day because they trust me',
  'In my free time I read novels and I go cycling early in the morning with my friends',
  'he say many graduates do not realise it',
  'um yes',
  'I think travelling teaches young people to be independent and patient when things go wrong',
  'Technology has changed education because students can learn from anywhere now, even at home',
  'my my family is four',
];

describe('deltaText', () => {
  it('signs every step, to one decimal', () => {
    expect([1.5, -0.9, 0, 1, -0.1].map(deltaText)).toEqual(['+1.5', '−0.9', '±0.0', '+1.0', '−0.1']);
  });
});

describe('bandWorking', () => {
  it("says how the tester's Grammar makes its band: together 4.7, rounded to the nearest half band 4.5", () => {
    const grammar = criterion({
      rules: [
        { rule: 'a', delta: 1.5 },
        { rule: 'b', delta: -0.9 },
        { rule: 'c', delta: 0.6 },
        { rule: 'd', delta: 0.2 },
        { rule: 'e', delta: -0.1 },
        { rule: '2 smaller effects together', delta: 0.1 },
      ],
    });
    expect(bandWorking(grammar)).toEqual({ start: 'Starting band 3.3, moved by:', end: 'Together 4.7, rounded to the nearest half band: 4.5.' });
  });

  it('for real scored tests, states a sum that the shown steps make and a rounding that gives the shown band', () => {
    let checked = 0;
    for (let run = 0; run < 40; run++) {
      const answers = Array.from({ length: 4 + (run % 5) }, (_, i) => ({
        part: 1 as const,
        questionNumber: i + 1,
        question: `Question ${i + 1}?`,
        answer: [SENTENCES[(run + i) % SENTENCES.length], SENTENCES[(run * 3 + i * 5) % SENTENCES.length]].slice(0, 1 + ((run + i) % 2)).join('\n'),
        responseTimeMs: 1500,
        speakingTimeMs: 12_000,
      }));
      const result = scoreSpeakingTest(answers);
      if (!result.assessable) continue;
      for (const name of ['fluency', 'vocabulary', 'grammar'] as const) {
        const { criterion: which, base, band, rules, figures, advice } = result.criteria[name];
        const item = { criterion: which, base, band, rules, figures: { ...figures }, advice };
        const { start, end } = bandWorking(item);
        const total = shownTotal(item);
        expect(start).toMatch(/^Starting band \d\.\d(, moved by:|; nothing measured here moved it\.)$/);
        const stated = /^(?:Together (\d\.\d), rounded|Rounded) to the nearest half band: (\d\.\d)\.$|^Together: (\d\.\d)\.$/.exec(end ?? '');
        expect(stated, `${name}: ${end}`).not.toBeNull();
        const [, sum, rounded, exact] = stated ?? [];
        if (sum !== undefined) expect(Number(sum)).toBe(total);
        expect(Number(rounded ?? exact)).toBe(band);
        expect(roundToHalfBand(total)).toBe(band);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('says nothing more when section 9 rules add up to the band, and names the end of the scale when they pass it', () => {
    expect(bandWorking(criterion({ base: 5, band: 5 }))).toEqual({ start: 'Starting band 5.0; nothing measured here moved it.', end: null });
    expect(bandWorking(criterion({ base: 5, band: 4.5, rules: [{ rule: 'wpm > 90', delta: 0.5 }, { rule: 'filler ratio > 0.1', delta: -1 }] })).end).toBe('Together: 4.5.');
    expect(bandWorking(criterion({ base: 3.3, band: 3.5, rules: [] })).end).toBe('Rounded to the nearest half band: 3.5.');
    expect(bandWorking(criterion({ base: 8, band: 9, rules: [{ rule: 'wpm > 150', delta: 1.5 }] })).end).toBe('Together 9.5; the scale stops at 9.0.');
  });

  it('does not claim a sum for an attempt whose steps were each rounded on their own', () => {
    const old = criterion({ rules: [{ rule: 'a', delta: 1.5 }, { rule: 'b', delta: -0.9 }, { rule: 'c', delta: 0.7 }, { rule: 'd', delta: 0.2 }, { rule: 'e', delta: -0.1 }, { rule: 'f', delta: 0.1 }] });
    expect(shownTotal(old)).toBe(4.8);
    expect(bandWorking(old).end).toBe('Each step was rounded on its own when this attempt was scored, so together they come only near 4.5.');
  });

  it("says what Pronunciation is: the mean of the other three before rounding, to the nearest half band", () => {
    const pronunciation = criterion({ criterion: 'pronunciation', base: 4.9, band: 5, advice: PRONUNCIATION_NOT_MEASURED_ADVICE, figures: { fillerRatio: 0.02 } });
    expect(bandWorking(pronunciation)).toEqual({
      start: "Not measured from the words: the other three bands, before rounding, average 4.9; rounded to the nearest half band, that is 5.0.",
      end: null,
    });
    expect(bandWorking({ ...pronunciation, base: 5 }).start).toBe(
      "Not measured from the words: the average of the other three bands before rounding, rounded to the nearest half band.",
    );
    // An attempt saved before the note's plainer wording holds the earlier sentence: read the same.
    const earlier = EARLIER_PRONUNCIATION_NOTE;
    expect(bandWorking({ ...pronunciation, advice: earlier })).toEqual(bandWorking(pronunciation));
    // Section 9's Pronunciation had a starting band of its own.
    expect(bandWorking({ ...pronunciation, advice: 'Ask a teacher to listen.' }).start).toBe('Starting band 4.9; nothing measured here moved it.');
  });
});
