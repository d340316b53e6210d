import { describe, expect, it } from 'vitest';
import { BAND_MODEL } from './coefficients.js';
import { estimateLanguage } from './estimate.js';
import { countedZ, CRITERION_FEATURES, MAX_STANDARD_DEVIATIONS } from './model.js';
import { bandOfLevel } from './scale.js';

const beginner = [
  'yes',
  'i i like er football',
  'my my family is four',
  'i go to school',
  'um yes',
  'tokyo',
  'i like i like eat sushi',
  'no',
].map((answer) => ({ answer }));

const advanced = [
  'i grew up in a small fishing town on the coast which has changed a great deal since i was a child',
  'when the new motorway was built the harbour became far less important and most of the young people moved to the city',
  'personally i think that was inevitable although i do miss the sense of community we used to have',
  'if i had the chance i would probably go back there to live once i have retired',
  'what struck me most on my last visit was how quiet the streets had become especially in the evenings',
  'on the other hand the tourism has brought new restaurants and a small museum which is actually rather impressive',
].map((answer) => ({ answer }));

describe('the calibrated estimate', () => {
  it('ranks an advanced speaker above a beginner on every criterion it estimates', () => {
    const low = estimateLanguage(beginner);
    const high = estimateLanguage(advanced);
    for (const criterion of ['fluency', 'vocabulary', 'grammar'] as const) expect(high.criteria[criterion].band, criterion).toBeGreaterThan(low.criteria[criterion].band);
    expect(high.overall).toBeGreaterThan(low.overall + 1);
  });

  it('says what moved each criterion, largest effect first', () => {
    const { contributions } = estimateLanguage(advanced).criteria.grammar;
    expect(contributions.length).toBeGreaterThan(0);
    const sizes = contributions.map((item) => Math.abs(item.levels));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('holds a feature far outside the data at its edge instead of extrapolating', () => {
    // Words per answer past 3 standard deviations of the data's (about 115): an answer of 234 words
    // moves Fluency no further than one of 117.
    const long = advanced.map((line) => line.answer).join(' ');
    const once = estimateLanguage([{ answer: long }]);
    const twice = estimateLanguage([{ answer: `${long} ${long}` }]);
    const length = (estimate: ReturnType<typeof estimateLanguage>) => estimate.criteria.fluency.contributions.find((item) => item.feature === 'logWordsPerAnswer')?.levels;
    expect(once.features.wordsPerAnswer).toBe(117);
    expect(length(once)).toBeGreaterThan(0);
    expect(length(twice)).toBeCloseTo(length(once) ?? 0, 6);
    expect(twice.overall).toBeLessThanOrEqual(9);
  });

  it('gives the same estimate whether the recogniser returned each answer as one result or one result per pause', () => {
    const perPause = estimateLanguage(advanced.map(({ answer }) => ({ answer: answer.replace(/ (which|and|although|once|especially) /g, '\n$1 ') })));
    expect(perPause.features.utterances).toBe(estimateLanguage(advanced).features.utterances);
    expect(perPause).toEqual(estimateLanguage(advanced));
  });
});

describe('what a feature can earn', () => {
  it('counts a listed-word feature no further than the strongest learners\' mean, and every other within 3 standard deviations', () => {
    const term = { feature: 'discourseMarkersPer100' as const, mean: 2, sd: 1, weight: 0.8, best: 0.8 };
    expect(countedZ(term, 2.5, 1)).toBeCloseTo(0.5);
    // Ten linking words per 100 words count as the strongest learners' 2.8.
    expect(countedZ(term, 10, 1)).toBeCloseTo(0.8);
    // Below the mean it counts in full, down to 3 standard deviations.
    expect(countedZ(term, 0.5, 1)).toBeCloseTo(-1.5);
    // Fewer repeats is the good direction of a negative weight.
    expect(countedZ({ ...term, weight: -0.8, best: -1 }, -5, -1)).toBeCloseTo(-1);
    expect(countedZ({ ...term, best: undefined }, 10, 1)).toBe(MAX_STANDARD_DEVIATIONS);
  });

  it('has a saturation point for exactly the features that are counts of listed words, from the fit', () => {
    for (const criterion of ['fluency', 'vocabulary', 'grammar'] as const) {
      const saturating = new Set(CRITERION_FEATURES[criterion].filter((spec) => spec.saturates).map((spec) => spec.feature));
      for (const term of BAND_MODEL[criterion].terms) expect(term.best !== undefined, term.feature).toBe(saturating.has(term.feature));
    }
  });
});

describe('levels to bands', () => {
  it('follows the published alignments and rises monotonically', () => {
    expect(bandOfLevel(6)).toBe(4.5);
    expect(bandOfLevel(8)).toBe(6);
    expect(bandOfLevel(9)).toBe(7.5);
    expect(bandOfLevel(20)).toBe(9);
    expect(bandOfLevel(-5)).toBe(1);
    for (let level = 0; level < 10; level += 0.25) expect(bandOfLevel(level + 0.25)).toBeGreaterThanOrEqual(bandOfLevel(level));
  });
});

describe('what a browser recogniser gives', () => {
  const plain = [
    'i grew up in a small town near the coast and i didnt want to leave it',
    'my family moved to the city when i was ten because my father found a job there',
    'im happy now although its crowded',
  ];
  it('gives the same estimate for lower or capitalised text, contractions with or without the apostrophe, and punctuated results', () => {
    const base = estimateLanguage(plain.map((answer) => ({ answer })));
    const written = estimateLanguage([
      { answer: "I grew up in a small town near the coast, and I didn't want to leave it." },
      { answer: 'My family moved to the city when I was ten, because my father found a job there.' },
      { answer: "I'm happy now, although it's crowded." },
    ]);
    const oneResultPerAnswerPunctuated = estimateLanguage([{ answer: "I grew up in a small town near the coast and I didn't want to leave it. My family moved to the city when I was ten because my father found a job there. I'm happy now although it's crowded." }], undefined, 3);
    for (const criterion of ['fluency', 'vocabulary', 'grammar'] as const) {
      expect(Math.abs(written.criteria[criterion].band - base.criteria[criterion].band), criterion).toBeLessThan(0.25);
      expect(Math.abs(oneResultPerAnswerPunctuated.criteria[criterion].band - base.criteria[criterion].band), criterion).toBeLessThan(0.25);
    }
  });
});
