import { describe, expect, it } from 'vitest';
import { linkedLevel } from '../../src/shared/band-estimate/model.js';
import { linkKnots } from './fit-lib.js';
import { levelMeans } from './ridge.js';

/* The link from predicted levels to the raters' levels (decision 0058). */
describe('linkKnots: continuized equipercentile linking', () => {
  it("puts each level's knot at the prediction in the middle of that level's share of the learners", () => {
    // Four learners at level 2, four at level 5; predictions 0..7 in rank order.
    const levels = [2, 2, 2, 2, 5, 5, 5, 5];
    const predicted = [0, 1, 2, 3, 4, 5, 6, 7];
    const knots = linkKnots(predicted, levels);
    // Level 2's middle is the 25th percentile (1.75 by interpolation), level 5's the 75th (5.25).
    expect(knots).toEqual([
      [1.75, 2],
      [5.25, 5],
    ]);
  });

  it('follows the ranks, not the values: predictions crowded at the top are spread over the top levels', () => {
    // Three levels of equal share; the top two crowded into predictions 6.0-6.2.
    const levels = [1, 1, 1, 8, 8, 8, 9, 9, 9];
    const predicted = [1, 2, 3, 6.0, 6.05, 6.1, 6.12, 6.15, 6.2];
    const knots = linkKnots(predicted, levels);
    expect(knots.map(([, level]) => level)).toEqual([1, 8, 9]);
    // Level 8's middle is the median (6.05), level 9's five sixths of the way up (6.14): under a
    // tenth of prediction is a whole level.
    const [, eight, nine] = knots as [[number, number], [number, number], [number, number]];
    expect(eight[0]).toBeCloseTo(6.05, 10);
    expect(nine[0]).toBeCloseTo(6.14, 10);
    expect(linkedLevel({ link: knots }, (eight[0] + nine[0]) / 2)).toBeCloseTo(8.5, 10);
  });

  it('keeps the knots rising where two levels would share a prediction', () => {
    const knots = linkKnots([3, 3, 3, 3], [4, 4, 6, 6]);
    expect(knots).toEqual([[3, 4]]);
  });
});

describe('linkedLevel', () => {
  const link = [
    [1, 2],
    [4, 5],
    [5, 9],
  ] as const;

  it('is the predicted level itself without a link', () => {
    expect(linkedLevel({}, 6.3)).toBe(6.3);
    expect(linkedLevel({ link: [] }, 6.3)).toBe(6.3);
  });

  it('joins the knots by straight lines', () => {
    expect(linkedLevel({ link }, 1)).toBe(2);
    expect(linkedLevel({ link }, 2.5)).toBe(3.5);
    expect(linkedLevel({ link }, 4.5)).toBe(7);
    expect(linkedLevel({ link }, 5)).toBe(9);
  });

  it('goes on at one level per predicted level past either end, so a stronger student still reads higher', () => {
    expect(linkedLevel({ link }, 0)).toBe(1);
    expect(linkedLevel({ link }, 6)).toBe(10);
  });

  it('rises everywhere', () => {
    let before = -Infinity;
    for (let predicted = -2; predicted <= 8; predicted += 0.01) {
      const level = linkedLevel({ link }, predicted);
      expect(level).toBeGreaterThan(before);
      before = level;
    }
  });
});

/* Each level's mean, which the advice aims a student a level below at (decision 0069). */
describe('levelMeans', () => {
  it('gives levels 2 to 7 their learners\' mean in standard deviations, and no mean to level 1 or the strongest learners', () => {
    const targets = [1, 2, 2, 3, 5, 8, 9];
    const values = [0, 1, 3, 4, 6, 9, 9];
    // Mean 1, sd 2: level 2's mean 2 is half a standard deviation up; level 4 has no learner.
    expect(levelMeans(values, targets, 1, 2)).toEqual([
      [2, 0.5],
      [3, 1.5],
      [5, 2.5],
    ]);
  });
});
