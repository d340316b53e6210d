import { describe, expect, it } from 'vitest';
import { FLUENCY_FILLER_RATIO_TIERS, FLUENCY_RESPONSE_TIME_MS_TIERS, FLUENCY_WORDS_PER_MINUTE_TIERS, type ScoreTier } from './constants.js';
import { firingTier, nextStep, tierDelta } from './tiers.js';
import { bandGainText, percentNear, showNear } from './wording.js';

describe('firingTier', () => {
  it('applies only the first tier that fires', () => {
    expect(firingTier(FLUENCY_WORDS_PER_MINUTE_TIERS, 160)?.delta).toBe(1.5);
    expect(tierDelta(FLUENCY_WORDS_PER_MINUTE_TIERS, 75)).toBe(0);
  });
});

describe('nextStep', () => {
  it.each<[string, readonly ScoreTier[], number, ReturnType<typeof nextStep>]>([
    ['wpm 84', FLUENCY_WORDS_PER_MINUTE_TIERS, 84, { threshold: 90, comparison: 'more than', gain: 0.5 }],
    ['wpm exactly 90', FLUENCY_WORDS_PER_MINUTE_TIERS, 90, { threshold: 90, comparison: 'more than', gain: 0.5 }],
    ['wpm 59', FLUENCY_WORDS_PER_MINUTE_TIERS, 59, { threshold: 60, comparison: 'at least', gain: 1 }],
    ['wpm 151', FLUENCY_WORDS_PER_MINUTE_TIERS, 151, null],
    ['fillers 0.2', FLUENCY_FILLER_RATIO_TIERS, 0.2, { threshold: 0.1, comparison: 'at most', gain: 0.5 }],
    ['fillers 0.07', FLUENCY_FILLER_RATIO_TIERS, 0.07, { threshold: 0.05, comparison: 'at most', gain: 0.5 }],
    ['fillers 0.05', FLUENCY_FILLER_RATIO_TIERS, 0.05, null],
    ['response 3000', FLUENCY_RESPONSE_TIME_MS_TIERS, 3000, { threshold: 2000, comparison: 'under', gain: 0.5 }],
    ['response 9000', FLUENCY_RESPONSE_TIME_MS_TIERS, 9000, { threshold: 5000, comparison: 'at most', gain: 0.5 }],
  ])('%s', (_name, tiers, value, step) => {
    expect(nextStep(tiers, value)).toEqual(step);
  });
});

describe('wording', () => {
  it.each([
    [0.5, 'half a band'],
    [1, 'a full band'],
    [1.5, 'one and a half bands'],
    [2, 'two bands'],
    [2.5, 'two and a half bands'],
  ])('gain %s reads "%s"', (gain, text) => {
    expect(bandGainText(gain)).toBe(text);
  });

  it.each([
    [84, 90, 0, '84'],
    [84.4, 90, 0, '84'],
    [89.6, 90, 0, '89.6'],
    [89.996, 90, 0, '89.996'],
    [90, 90, 0, '90'],
    [6.2, 5, 1, '6.2'],
  ])('showNear(%s, %s, %s) is %s', (value, threshold, decimals, text) => {
    expect(showNear(value, threshold, decimals)).toBe(text);
  });

  it('writes ratios as percentages that do not read as the threshold', () => {
    expect(percentNear(0.12, 0.1)).toBe('12%');
    expect(percentNear(0.1234, 0.1)).toBe('12.3%');
    expect(percentNear(0.10004, 0.1)).toBe('10.004%');
  });
});
