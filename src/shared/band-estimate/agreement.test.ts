import { describe, expect, it } from 'vitest';
import { ratedRangeText } from './agreement.js';
import { RATED_RANGES } from './rated-ranges.js';

describe('the bands matching what raters gave the learners given an overall', () => {
  it('says it for every overall the development data cover, from the measured row', () => {
    expect(RATED_RANGES.length).toBeGreaterThan(5);
    for (const row of RATED_RANGES) {
      const text = ratedRangeText(row.shown);
      expect(text).toContain(`learners this estimate gave ${row.pooled ? 'about ' : ''}${row.shown.toFixed(1)}, trained raters put ${Math.round(row.share * 100)}\u00a0%`);
      expect(text).toContain(row.low === row.high ? `at a level matching ${row.low.toFixed(1)}.` : `at a level matching between ${row.low.toFixed(1)} and ${row.high.toFixed(1)}.`);
      expect(ratedRangeText(row.shown, 'short')).toBe(
        `Of learners this estimate gave ${row.pooled ? 'about ' : ''}${row.shown.toFixed(1)}, trained raters put ${Math.round(row.share * 100)}\u00a0% at a level matching ${row.low === row.high ? row.low.toFixed(1) : `${row.low.toFixed(1)} to ${row.high.toFixed(1)}`}.`,
      );
      // A 10th-90th percentile range holds at least eight in ten of the learners it was taken from.
      expect(row.share).toBeGreaterThanOrEqual(0.8);
      expect(row.low).toBeLessThanOrEqual(row.high);
    }
  });

  it('reads the overall as shown (nearest half band), and says nothing where the data say nothing below them', () => {
    const five = RATED_RANGES.find((row) => row.shown === 5);
    expect(five).toBeDefined();
    expect(ratedRangeText(4.8)).toBe(ratedRangeText(5));
    expect(ratedRangeText(Math.min(...RATED_RANGES.map((row) => row.shown)) - 0.5)).toBeNull();
  });

  it('says plainly that an overall above every one the learners were given is not measured (an examiner found 7.5 shown with nothing)', () => {
    const highest = Math.max(...RATED_RANGES.map((row) => row.shown));
    expect(ratedRangeText(highest + 1.5)).toBe(
      `This estimate gave none of the 716 learners it was tested on more than ${highest.toFixed(1)}, so how trained raters would grade a ${(highest + 1.5).toFixed(1)} is not known.`,
    );
    expect(ratedRangeText(highest + 0.5, 'short')).toBe(`No learner it was tested on was given more than ${highest.toFixed(1)}, so how raters would grade a ${(highest + 0.5).toFixed(1)} is not known.`);
  });
});
