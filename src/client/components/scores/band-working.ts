import type { CriterionAnalysis } from '../../../shared/api/admin-attempts';
import { isPronunciationNotMeasuredAdvice } from '../../../shared/speaking-test/pronunciation-note';
import { roundToHalfBand } from '../../../shared/speaking-test/overall';

/*
 * How a criterion's card says its band was reached: the starting band, the steps (listed by the
 * card), and how they make the band. The shown steps add up to the unrounded band to one decimal
 * (shared/speaking-test/calibrated.ts), which is then rounded to the nearest half band; section 9's
 * older rules add up to the band itself. Attempts scored before the steps were made to add up
 * rounded each step on its own: those say so instead of a sum that would not hold.
 */

const band = (value: number) => value.toFixed(1);

/** A step as shown: +1.5, −0.9, ±0.0. */
export function deltaText(delta: number): string {
  return `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta).toFixed(1)}`;
}

export interface BandWorking {
  /** Before the steps: where the band starts, or why there are no steps. */
  start: string;
  /** After the steps: how they make the band; null when there is nothing to add. */
  end: string | null;
}

/** Pronunciation from a transcript: the mean of the other three (its base, to one decimal), to the nearest half band. */
function pronunciationFollows(criterion: CriterionAnalysis): boolean {
  return criterion.criterion === 'pronunciation' && criterion.rules.length === 0 && isPronunciationNotMeasuredAdvice(criterion.advice);
}

export function bandWorking(criterion: CriterionAnalysis): BandWorking {
  if (pronunciationFollows(criterion)) {
    // Attempts scored before its base was the mean held the rounded band there: no mean to show.
    const start =
      criterion.base === criterion.band
        ? 'Not measured from the words: the average of the other three bands before rounding, rounded to the nearest half band.'
        : `Not measured from the words: the other three bands, before rounding, average ${band(criterion.base)}; rounded to the nearest half band, that is ${band(criterion.band)}.`;
    return { start, end: null };
  }
  const moved = criterion.rules.length > 0;
  const start = `Starting band ${band(criterion.base)}${moved ? ', moved by:' : '; nothing measured here moved it.'}`;
  // In tenths, so that adding the shown figures gives the shown total exactly.
  const tenths = Math.round(criterion.base * 10) + criterion.rules.reduce((sum, rule) => sum + Math.round(rule.delta * 10), 0);
  const total = tenths / 10;
  const held = Math.min(9, Math.max(1, total));
  if (roundToHalfBand(held) !== criterion.band) {
    return { start, end: `Each step was rounded on its own when this attempt was scored, so together they come only near ${band(criterion.band)}.` };
  }
  if (held !== total) return { start, end: `Together ${band(total)}; the scale stops at ${band(criterion.band)}.` };
  if (total !== criterion.band) return { start, end: `${moved ? `Together ${band(total)}, rounded` : 'Rounded'} to the nearest half band: ${band(criterion.band)}.` };
  return { start, end: moved ? `Together: ${band(criterion.band)}.` : null };
}
