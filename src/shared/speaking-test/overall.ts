/* The overall band (the spec's band heuristics, section 9): the mean of the four criteria, shown to the nearest half band. */

/** The numbers a saved attempt stores (spec: test session scores). Overall is not rounded. */
export interface SpeakingBands {
  fluency: number;
  vocabulary: number;
  grammar: number;
  pronunciation: number;
  overall: number;
}

/**
 * The nearest half band, for display. Ties round up, as IELTS rounds an overall band: x.25 shows
 * as x.5 and x.75 as x+1 (6.25 -> 6.5, 6.75 -> 7); below a tie it rounds down (6.2 -> 6).
 */
export function roundToHalfBand(band: number): number {
  return Math.round(band * 2) / 2;
}

export function overallBand(bands: Omit<SpeakingBands, 'overall'>): number {
  return (bands.fluency + bands.vocabulary + bands.grammar + bands.pronunciation) / 4;
}
