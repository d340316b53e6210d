/** "1.2 s" from milliseconds. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "12%" from a ratio; one decimal under 10%. */
export function formatPercent(ratio: number): string {
  const percent = ratio * 100;
  return `${percent < 10 && percent > 0 ? percent.toFixed(1) : Math.round(percent)}%`;
}
