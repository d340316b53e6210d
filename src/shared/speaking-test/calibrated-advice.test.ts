import { describe, expect, it } from 'vitest';
import { criterionAdvice } from '../band-estimate/advice.js';
import { estimateLanguage } from '../band-estimate/estimate.js';
import type { SpeakingTestAnswer } from './answer.js';
import { FEATURE_WORDING } from '../band-estimate/evidence.js';
import { BAND_MODEL } from '../band-estimate/coefficients.js';
import { countedZ, type BandModel } from '../band-estimate/model.js';
import { LINKING_OVERUSE_PER_100, WRITTEN_LINKING_MOST_PER_100 } from '../band-estimate/listed-uses.js';
import { MANY_FILLERS_ABOVE, overUsedLinking } from './calibrated.js';
import { FLUENCY_FILLER_RATIO_TIERS } from './constants.js';
import { scoreSpeakingTest } from './scoring.js';

/*
 * The advice beside a band says what the estimate measured, and never contradicts the evidence
 * shown beside it: fillers (which the estimate does not weigh) are named when there are many, and a
 * fluent speaker whose wording is dense is not told to stop speaking in key words.
 */

const answer = (questionNumber: number, text: string): SpeakingTestAnswer => ({
  part: 1,
  questionNumber,
  question: 'Tell me about the town or city where you grew up.',
  answer: text,
  responseTimeMs: 1500,
  speakingTimeMs: 20_000,
});

/** Long, dense sentences on different subjects (an examiner's band 8 in Part 1 and Part 3). */
const FLUENT = [
  'i grew up in a coastal town in the north of portugal which was fairly quiet in winter but absolutely packed with tourists in summer',
  'flights have become far more affordable so travel is no longer a luxury reserved for wealthy households and professionals',
  'adaptability is probably the most crucial skill because industries are evolving so rapidly that technical knowledge becomes outdated',
  'growing awareness of climate change might encourage people to take fewer but longer trips and to choose trains over planes',
  'some historic centres have become so crowded that local residents can no longer afford apartments there since rents soared',
];

/** Short, plain sentences with slips (an examiner's band 2-3). */
const BASIC = [
  'i live in my city it is big and he go to school every day with my friend',
  'i like cooking because it is fun and my mother cook very well every day',
  'my school is near my house i walk there with my friend in the morning',
  'i want to visit london because it is famous and my friend live there now',
  'on weekend i play tennis with my brother and we eat lunch at home together',
];

/** The model without the levels' means: the advice aimed at the strongest learners only, as decision 0048 had it. */
const AIMED_AT_STRONGEST: BandModel = {
  fluency: { ...BAND_MODEL.fluency, terms: BAND_MODEL.fluency.terms.map(({ levelMeans: _means, ...term }) => term) },
  vocabulary: { ...BAND_MODEL.vocabulary, terms: BAND_MODEL.vocabulary.terms.map(({ levelMeans: _means, ...term }) => term) },
  grammar: { ...BAND_MODEL.grammar, terms: BAND_MODEL.grammar.terms.map(({ levelMeans: _means, ...term }) => term) },
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function scored(texts: readonly string[]) {
  const result = scoreSpeakingTest(texts.map((text, i) => answer(i + 1, text)));
  if (!result.assessable) throw new Error(result.reason);
  return result;
}

describe('the advice beside the estimated bands', () => {
  it('names the fillers a student filled every pause with, which the Fluency estimate does not weigh', () => {
    // "like" and "you know" said together with the words around them: fillers by the spec's list, words to the estimate.
    const filled = FLUENT.map((text) => text.replace(/ (\S+) (\S+) (\S+) (\S+)/g, ' $1 like $2 you know $3 $4'));
    const result = scored(filled);
    expect(result.metrics.fillerRatio).toBeGreaterThan(0.1);
    const fillerPercent = Math.round(result.metrics.fillerRatio * 100);
    expect(result.criteria.fluency.advice).toContain(`${fillerPercent}% of your words were fillers`);
    expect(result.criteria.fluency.advice).toContain('does not lower your band for fillers');
    // Without the fillers, nothing about them.
    expect(scored(FLUENT).criteria.fluency.advice).not.toContain('fillers');
  });

  it('names, under the evidence, the linking words, stance adverbs and modals said so often that they count once in 200 words', () => {
    // "actually", "really" and "would" twice in every answer: 5 answers of about 30 words.
    const padded = FLUENT.map((text) => `actually i really think ${text} and actually it would really be fine i would say`);
    const result = scored(padded);
    const words = result.estimate?.features.words ?? 0;
    expect(words).toBeLessThan(200);
    // The answers judged off the question are not scored; each scored one said each word twice.
    const times = 2 * (FLUENT.length - result.nonAnswers.length);
    expect(times).toBeGreaterThanOrEqual(6);
    expect(result.criteria.fluency.repeated).toBe(`"actually" (${times} times) counts only once, plus once more every 200 words you say. Use different linking words instead of the same ones again.`);
    expect(result.criteria.vocabulary.repeated).toBe(`"really" (${times} times) counts only once, plus once more every 200 words you say. Use different words that say how sure or how much instead of the same ones again.`);
    expect(result.criteria.grammar.repeated).toBe(`"would" (${times} times) counts only once, plus once more every 200 words you say. Use different clause linkers and modals instead of the same ones again.`);
    // Said once or twice each, nothing about them; nor "because", a linking word and a clause linker, under Grammar.
    const once = scored(FLUENT.map((text) => `${text} because it would`));
    for (const criterion of ['fluency', 'vocabulary', 'grammar'] as const) expect(once.criteria[criterion].repeated).toBeUndefined();
  });

  it('says under Fluency why linking words said every few words read low: more than any rated learner said', () => {
    const linkers = ['so', 'but', 'however', 'actually', 'moreover', 'therefore', 'besides', 'furthermore', 'although', 'basically'];
    let turn = 0;
    const dense = FLUENT.map((text) => text.split(' ').flatMap((word, i) => (i % 3 === 2 ? [word, linkers[turn++ % linkers.length] as string] : [word])).join(' '));
    const result = scored(dense);
    const said = result.estimate?.features.linkingWordsSaidPer100 ?? 0;
    expect(said).toBeGreaterThan(LINKING_OVERUSE_PER_100 + 5);
    // The over-use alone: not also "vary your linking words", which would ask for more of them.
    expect(result.criteria.fluency.repeated).toBe(overUsedLinking(result.estimate!.features));
    expect(result.criteria.fluency.advice).toContain(`Use a linking word where it joins two ideas, not every few words: you said ${(Math.round(said * 10) / 10).toFixed(1)} in every 100 words`);
    expect(result.criteria.fluency.advice).not.toContain('Link your ideas with a range of words');
    expect(result.criteria.fluency.repeated).toMatch(/^You said \d+\.\d linking words in every 100 words\. No learner in our data said more than 11\.6: above that, only 11\.6 count/);
    // The linking-word figure counts nothing, and Fluency is no higher than without the padding.
    expect(result.estimate?.features.discourseMarkersPer100).toBe(0);
    expect(result.criteria.fluency.band).toBeLessThanOrEqual(scored(FLUENT).criteria.fluency.band);
    // Linking words where they link say nothing of the kind.
    expect(scored(FLUENT).criteria.fluency.repeated).toBeUndefined();
  });

  it('says first, under Fluency, that a written linking word at the head of every sentence is recited, and why the figure reads low', () => {
    const written = ['moreover', 'furthermore', 'firstly', 'in addition', 'however', 'therefore', 'on the other hand', 'as a result'];
    const recited = scored(FLUENT.map((text, i) => `${written[i % written.length] as string} ${text}`));
    const features = recited.estimate!.features;
    expect(features.writtenLinkingSaidPer100).toBeGreaterThan(WRITTEN_LINKING_MOST_PER_100);
    expect(recited.criteria.fluency.advice).toMatch(/^Keep "moreover", "furthermore", "firstly" and "in addition" for writing\. You said \d+\.\d of them in every 100 words/);
    expect(recited.criteria.fluency.repeated).toMatch(/^You said \d+\.\d linking words of written English \(moreover, furthermore, firstly, in addition…\) in every 100 words\. No learner in our data said more than 1\.5/);
    // No higher than the same answers with no linking word put in front.
    expect(recited.criteria.fluency.band).toBeLessThanOrEqual(scored(FLUENT).criteria.fluency.band);
  });

  it('says everything is above the typical learner only when no evidence moved the band down', () => {
    const basic = BASIC;
    const seen = { down: 0, allAbove: 0 };
    // Fluency above the typical learner's on every figure (the next test's answers).
    const linked = FLUENT.map((text, i) => `${['so', 'actually', 'anyway', 'although', 'especially'][i]} ${text} for example in my case`);
    for (const answers of [linked, basic]) {
      const estimate = estimateLanguage(answers.map((text) => ({ answer: text })));
      for (const criterion of Object.values(estimate.criteria)) {
        const advice = criterionAdvice(estimate, criterion, BAND_MODEL);
        const down = criterion.contributions.some((contribution) => contribution.levels < 0);
        seen[down ? 'down' : 'allAbove'] += 1;
        if (down) expect(advice, criterion.criterion).not.toContain("better than the average learner's");
        else if (!advice.startsWith('Everything measured here is as good as')) expect(advice, criterion.criterion).toMatch(/^Everything measured here is better than the average learner's \(band \d\.\d\)\. Next: /);
      }
    }
    // Both kinds of card were met.
    expect(seen.down).toBeGreaterThan(0);
    expect(seen.allAbove).toBeGreaterThan(0);

    // One line down that is not the one advised on (an examiner-style probe found "Everything …
    // above" beside a minus line): the advice alone.
    const estimate = estimateLanguage(linked.map((text) => ({ answer: text })));
    const fluency = estimate.criteria.fluency;
    const advised = fluency.contributions.find((contribution) => criterionAdvice(estimate, fluency, BAND_MODEL).includes(lowerFirst(FEATURE_WORDING[contribution.feature].advice(estimate.features))));
    const other = fluency.contributions.find((contribution) => contribution !== advised);
    expect(advised && other).toBeTruthy();
    const oneDown = { ...fluency, contributions: fluency.contributions.map((contribution) => (contribution === other ? { ...contribution, levels: -0.1 } : contribution)) };
    expect(criterionAdvice(estimate, oneDown, BAND_MODEL)).toBe(FEATURE_WORDING[(advised as { feature: keyof typeof FEATURE_WORDING }).feature].advice(estimate.features));
  });

  it('gives no advice to do less of what the student did not do at all', () => {
    // A different linking word in each answer, so that every Fluency figure is above the typical learner's.
    const linked = FLUENT.map((text, i) => `${['so', 'actually', 'anyway', 'although', 'especially'][i]} ${text} for example in my case`);
    const result = scored(linked);
    const features = result.estimate?.features;
    expect(result.estimate?.criteria.fluency.contributions.every((contribution) => contribution.levels >= 0)).toBe(true);
    // No one- or two-word stretches and no repeats: nothing to say fewer of.
    expect(features?.shortUtteranceShare).toBe(0);
    expect(features?.repairsPer100).toBe(0);
    for (const criterion of ['fluency', 'vocabulary', 'grammar'] as const) {
      expect(result.criteria[criterion].advice).not.toMatch(/Answer in full sentences|answer in full sentences|Say each phrase once/);
    }
  });

  it("advises what has the most room to the strongest learners' level, never what is already there", () => {
    const more = [
      'my grandmother taught me to cook traditional dishes from our region which nobody in my generation seems interested in preserving',
      'public libraries deserve far more funding than they receive since they offer free internet access and quiet places to study',
      'working remotely suits people who are disciplined whereas others miss the routine of commuting and chatting with colleagues',
      'the museum i visited last spring displayed ancient pottery alongside contemporary sculptures which created a fascinating contrast',
      'children who learn a musical instrument early tend to develop patience and concentration that benefit them in every subject',
      'i prefer travelling by train because the scenery changes constantly and i can read without feeling sick or distracted',
      'city parks matter enormously because residents in cramped apartments need somewhere green to relax when the weather improves',
    ];
    // Two long sentences an answer, and one short answer: the share of short stretches costs a hundredth of a level, the smallest
    // contribution, which the advice used to name ("answer in full sentences") to a speaker with next to nothing of the kind to mend.
    const long = [...FLUENT, ...more].flatMap((text, i, all) => (i % 2 === 0 ? [`${text}. ${all[i + 1] ?? FLUENT[0]}`] : []));
    const result = scored([...long, 'yes definitely']);
    const smallest = [...(result.estimate?.criteria.fluency.contributions ?? [])].sort((a, b) => a.levels - b.levels)[0];
    expect(smallest?.feature).toBe('shortUtteranceShare');
    const estimate = result.estimate;
    if (!estimate) throw new Error('estimated');
    for (const criterion of ['fluency', 'vocabulary', 'grammar'] as const) {
      const advice = result.criteria[criterion].advice;
      const advised = estimate.criteria[criterion].contributions.find((contribution) => advice.toLowerCase().includes(FEATURE_WORDING[contribution.feature].advice(estimate.features).slice(0, 40).toLowerCase()));
      if (!advised) {
        expect(advice, criterion).toMatch(/^Everything measured here is as good as the strongest learners' or better/);
        // A band well under the strongest learners' ratings beside "nothing more to work on" says why.
        expect(advice, criterion).toContain('This estimate often gives strong speakers too low a band');
        continue;
      }
      const term = BAND_MODEL[criterion].terms.find((item) => item.feature === advised.feature);
      if (!term || term.strongest === undefined) throw new Error(`${advised.feature} has no strongest learners' mean`);
      // Room left in the feature's good direction.
      expect(Math.sign(term.weight) * (term.strongest - countedZ(term, advised.value, term.weight)), `${criterion}: ${advice}`).toBeGreaterThan(0);
    }
    expect(result.criteria.fluency.advice).not.toMatch(/full sentences/);
  });

  it('aims a low-level student at what separates them from the learners a level above, not from the strongest (decision 0069)', () => {
    // Short, plain answers: Vocabulary at about level 1, band 1.5.
    const estimate = estimateLanguage(BASIC.map((text) => ({ answer: text })));
    const vocabulary = estimate.criteria.vocabulary;
    expect(vocabulary.level).toBeLessThan(1.5);
    // Aimed at the strongest learners (decision 0048), the advice was to say "probably" and "definitely".
    expect(criterionAdvice(estimate, vocabulary, AIMED_AT_STRONGEST)).toBe(FEATURE_WORDING.stanceAdverbsPer100.advice(estimate.features));
    // Aimed at level 2's learners: the evidence with the most room to their means.
    const terms = BAND_MODEL.vocabulary.terms;
    const room = (term: (typeof terms)[number]) => {
      const aimed = term.levelMeans?.find(([level]) => level === 2)?.[1] ?? Number.NaN;
      const reachable = term.best === undefined ? aimed : Math.min(aimed, term.best);
      const value = vocabulary.contributions.find((contribution) => contribution.feature === term.feature)?.value ?? 0;
      return Math.abs(term.weight) * Math.max(0, Math.sign(term.weight) * (reachable - countedZ(term, value, term.weight)));
    };
    const most = [...terms].sort((a, b) => room(b) - room(a))[0];
    expect(most?.feature).toBe('contentWordLength');
    expect(criterionAdvice(estimate, vocabulary, BAND_MODEL)).toBe(FEATURE_WORDING.contentWordLength.advice(estimate.features));
    // A figure compared with others says with whom.
    const grammar = estimateLanguage(['yes i like it', 'my house is small', 'i go to school by bus', 'my father is teacher', 'i watch tv at night'].map((answer) => ({ answer })));
    expect(criterionAdvice(grammar, grammar.criteria.grammar, BAND_MODEL)).toMatch(/of the nouns you said were plural; the learners one level above you said more\.$/);
  });

  it('still aims a student estimated at level 6.5 or above at the strongest learners', () => {
    const estimate = estimateLanguage(FLUENT.map((text) => ({ answer: text })));
    const strong = Object.values(estimate.criteria).filter((criterion) => criterion.level >= 6.5);
    expect(strong.length).toBeGreaterThan(0);
    for (const criterion of strong) expect(criterionAdvice(estimate, criterion, BAND_MODEL), criterion.criterion).toBe(criterionAdvice(estimate, criterion, AIMED_AT_STRONGEST));
    // The fit gives every term the means of levels 2 to 7; the strongest learners' (8 and 9) are `strongest`.
    for (const term of Object.values(BAND_MODEL).flatMap((linear) => linear.terms)) expect(term.levelMeans?.map(([level]) => level), term.feature).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it("tells a fluent speaker with dense wording what the grammar-word share measured, not to stop speaking in key words", () => {
    const result = scored(FLUENT);
    const features = result.estimate?.features;
    // The case in question: long stretches of speech between linking words, yet fewer grammar words than the typical learner, the weakest Grammar evidence.
    expect(features?.wordsPerUtterance).toBeGreaterThan(8);
    const weakest = [...(result.estimate?.criteria.grammar.contributions ?? [])].sort((a, b) => a.levels - b.levels)[0];
    expect(weakest?.feature).toBe('functionWordShare');
    const advice = result.criteria.grammar.advice;
    expect(advice).not.toContain('not only the key words');
    expect(advice).toContain(`${Math.round((features?.functionWordShare ?? 0) * 100)}% of your words were grammar words`);
    // A speaker whose sentences are whole is not told they left words out.
    expect(advice).not.toContain('keep them in every sentence');
    expect(advice).not.toMatch(/^Only /);
  });
});

describe("the filler advice's threshold", () => {
  it("is section 9's lowest filler tier", () => {
    expect(MANY_FILLERS_ABOVE).toBe(Math.min(...FLUENCY_FILLER_RATIO_TIERS.map((tier) => tier.threshold)));
  });
});
