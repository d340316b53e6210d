/*
 * From the fitted scale (the Standard Speaking Test's nine levels, on which the development data
 * are rated) to IELTS bands, through the CEFR (decision 0030 gives the sources):
 * - SST level -> ACTFL sublevel: the SST was built with ACTFL on the OPI's scale; its levels 1-9
 *   are Novice Low, Novice Mid, Novice High, Intermediate Low, Intermediate Mid, Intermediate High,
 *   Advanced Low, Advanced Mid, Advanced High and above (ALC's SST pages; Izumi et al. 2004).
 * - ACTFL -> CEFR (ACTFL, "Assigning CEFR ratings to ACTFL assessments", 2016): NL-NM pre-A1/A1,
 *   NH A1, IL A1-A2, IM A2, IH B1, AL B1, AM B2, AH C1.
 * - CEFR -> IELTS (IELTS partners' published alignment): B1 4.0-5.0, B2 5.5-6.5, C1 7.0-8.0,
 *   C2 8.5-9; below B1 is below 4.0.
 * Each SST level is placed at the middle of its CEFR level's IELTS range; between levels the band
 * is interpolated, and past level 9 it rises at the slope of the top two levels up to band 9.
 */
const BAND_AT_LEVEL: readonly (readonly [level: number, band: number])[] = [
  [1, 1.5],
  [2, 2.0],
  [3, 2.5],
  [4, 3.0],
  [5, 3.5],
  [6, 4.5],
  [7, 5.0],
  [8, 6.0],
  [9, 7.5],
];

export function bandOfLevel(level: number): number {
  const first = BAND_AT_LEVEL[0] as readonly [number, number];
  const last = BAND_AT_LEVEL[BAND_AT_LEVEL.length - 1] as readonly [number, number];
  const beforeLast = BAND_AT_LEVEL[BAND_AT_LEVEL.length - 2] as readonly [number, number];
  if (level <= first[0]) return Math.max(1, first[1] - (first[0] - level) * 0.5);
  if (level >= last[0]) return Math.min(9, last[1] + (level - last[0]) * (last[1] - beforeLast[1]));
  for (let i = 1; i < BAND_AT_LEVEL.length; i++) {
    const [highLevel, highBand] = BAND_AT_LEVEL[i] as readonly [number, number];
    const [lowLevel, lowBand] = BAND_AT_LEVEL[i - 1] as readonly [number, number];
    if (level <= highLevel) return lowBand + ((level - lowLevel) / (highLevel - lowLevel)) * (highBand - lowBand);
  }
  return last[1];
}
