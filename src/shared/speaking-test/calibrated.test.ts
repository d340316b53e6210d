import { describe, expect, it } from 'vitest';
import { BAND_MODEL } from '../band-estimate/coefficients.js';
import { estimateLanguage } from '../band-estimate/estimate.js';
import type { BandModel, EstimatedCriterion } from '../band-estimate/model.js';
import { bandOfLevel } from '../band-estimate/scale.js';
import type { SpeakingTestAnswer } from './answer.js';
import { calibratedCriteria, evidenceSteps } from './calibrated.js';
import { isSmallerEffectsRule, smallerEffectsRule } from './smaller-effects.js';
import { analyseSpeech } from './metrics.js';
import { roundToHalfBand } from './overall.js';
import { seededRandom } from '../seeded-random.js';

/* The evidence shown for a band adds up to it: base + steps = the unrounded band to one decimal, which rounds to the band. */

const tenths = (value: number) => Math.round(value * 10);
const shownSum = (base: number, deltas: readonly number[]) => tenths(base) + deltas.reduce((sum, delta) => sum + tenths(delta), 0);

const SENTENCES = [
  'yes',
  'i i like er football',
  'my my family is four',
  'um yes',
  'i like i like eat sushi',
  'i grew up in a small fishing town on the coast which has changed a great deal since i was a child',
  'when the new motorway was built the harbour became far less important and most of the young people moved to the city',
  'personally i think that was inevitable although i do miss the sense of community we used to have',
  'if i had the chance i would probably go back there to live once i have retired',
  'he go to work yesterday and she are happy about it',
  'well, you know, I think technology has changed education because students can learn from anywhere now',
  'the weather',
];

describe('evidenceSteps', () => {
  it("shows the tester's Grammar so that it adds up: 3.3 and its steps make 4.7, which rounds to 4.5", () => {
    const raw = [1.52, -0.94, 0.66, 0.18, -0.07, 0.08, 0.014];
    const baseBand = 3.26;
    const band = baseBand + raw.reduce((sum, delta) => sum + delta, 0); // 4.694
    const shown = evidenceSteps(
      baseBand,
      raw.map((delta, i) => ({ rule: `evidence ${i}`, delta })),
      band,
    );
    expect(shown.base).toBe(3.3);
    expect(shown.total).toBe(4.7);
    expect(shownSum(shown.base, shown.rules.map((rule) => rule.delta))).toBe(47);
    expect(roundToHalfBand(shown.total)).toBe(4.5);
    // The step under 0.05 is not dropped: it is one line of smaller effects, in the sum.
    expect(shown.rules.at(-1)?.rule).toBe(smallerEffectsRule(1));
    expect(shown.rules.map((rule) => rule.rule).slice(0, 6)).toEqual(['evidence 0', 'evidence 1', 'evidence 2', 'evidence 3', 'evidence 4', 'evidence 5']);
  });

  it('for many random inputs: the shown steps add up exactly to the shown total, each within a tenth of its own value', () => {
    const random = seededRandom(20240611);
    for (let run = 0; run < 3000; run++) {
      const count = Math.floor(random() * 9);
      const raw = Array.from({ length: count }, () => (random() < 0.35 ? (random() - 0.5) * 0.12 : (random() - 0.5) * 3));
      const baseBand = 2 + random() * 5;
      const band = baseBand + raw.reduce((sum, delta) => sum + delta, 0);
      if (band < 1 || band > 9) continue;
      const shown = evidenceSteps(
        baseBand,
        raw.map((delta, i) => ({ rule: `evidence ${i}`, delta })),
        band,
      );
      const context = `run ${run}: base ${baseBand}, steps ${raw.join(', ')}`;
      expect(shown.base, context).toBe(tenths(baseBand) / 10);
      expect(Math.abs(shown.total - band), context).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(shownSum(shown.base, shown.rules.map((rule) => rule.delta)), context).toBe(tenths(shown.total));
      expect(roundToHalfBand(shown.total), context).toBe(roundToHalfBand(band));
      for (const rule of shown.rules) {
        expect(Number.isInteger(Math.round(rule.delta * 1e6) / 1e5), context).toBe(true);
        if (rule.rule.startsWith('evidence ')) {
          const own = raw[Number(rule.rule.slice('evidence '.length))] ?? Number.NaN;
          expect(rule.delta, context).not.toBe(0);
          expect(Math.abs(rule.delta - own), context).toBeLessThan(0.1 + 1e-9);
        }
      }
      // Every step that moved the band is on a line of its own or counted in the smaller effects.
      const smaller = shown.rules.find((rule) => !rule.rule.startsWith('evidence '));
      const named = shown.rules.length - (smaller ? 1 : 0);
      const counted = smaller ? Array.from({ length: 20 }, (_, k) => k + 1).find((k) => smallerEffectsRule(k) === smaller.rule) ?? -1 : 0;
      expect(named + counted, context).toBe(raw.filter((delta) => Math.abs(delta) > 1e-9).length);
    }
  });
});

describe('calibratedCriteria', () => {
  it('for many random answers and models: each criterion shows a base and steps, largest first, that add up to its unrounded band, which rounds to its band', () => {
    const random = seededRandom(7);
    const criteria: EstimatedCriterion[] = ['fluency', 'vocabulary', 'grammar'];
    for (let run = 0; run < 150; run++) {
      const count = 3 + Math.floor(random() * 8);
      const answers: SpeakingTestAnswer[] = Array.from({ length: count }, (_, i) => ({
        part: 1,
        questionNumber: i + 1,
        question: `Question ${i + 1}?`,
        answer: Array.from({ length: 1 + Math.floor(random() * 3) }, () => SENTENCES[Math.floor(random() * SENTENCES.length)] ?? '').join('\n'),
        responseTimeMs: 1500,
        speakingTimeMs: 10_000,
      }));
      const model = Object.fromEntries(
        criteria.map((name) => [
          name,
          { intercept: 2 + random() * 5, terms: BAND_MODEL[name].terms.map((term) => ({ ...term, weight: term.weight * random() * 3 })) },
        ]),
      ) as unknown as BandModel;
      const estimate = estimateLanguage(answers, model);
      const shown = calibratedCriteria(estimate, model, analyseSpeech(answers), null, []);
      for (const name of criteria) {
        const { base, rules, band } = shown[name];
        const unrounded = estimate.criteria[name].band;
        const context = `run ${run}, ${name}: ${unrounded}`;
        expect(base, context).toBe(tenths(bandOfLevel(model[name].intercept)) / 10);
        const total = shownSum(base, rules.map((rule) => rule.delta));
        expect(Math.abs(total / 10 - unrounded), context).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(roundToHalfBand(total / 10), context).toBe(band);
        expect(band, context).toBe(roundToHalfBand(unrounded));
        // Listed largest shown step first, the smaller effects' line last: the reader reads the list as ranked.
        const sizes = rules.filter((rule) => !isSmallerEffectsRule(rule.rule)).map((rule) => Math.abs(rule.delta));
        expect(sizes, context).toEqual([...sizes].sort((a, b) => b - a));
        expect(rules.slice(0, -1).some((rule) => isSmallerEffectsRule(rule.rule)), context).toBe(false);
      }
      // Pronunciation: the mean of the other three's unrounded bands, to one decimal as its base, to the nearest half band as its band.
      const mean = (estimate.criteria.fluency.band + estimate.criteria.vocabulary.band + estimate.criteria.grammar.band) / 3;
      expect(shown.pronunciation.rules).toEqual([]);
      expect(shown.pronunciation.base).toBe(tenths(mean) / 10);
      expect(shown.pronunciation.band).toBe(roundToHalfBand(mean));
      expect(roundToHalfBand(shown.pronunciation.base)).toBe(shown.pronunciation.band);
    }
  });
});
