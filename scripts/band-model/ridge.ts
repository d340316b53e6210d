/*
 * Ridge regression with sign constraints, for the band model (decision 0030). Features are
 * standardised on the training rows; a feature whose weight comes out against its expected sign
 * is dropped and the rest refitted, until every weight agrees with its sign; then the weights are
 * stretched so the estimates spread like the raters' levels (alignSpread).
 */
import { countedZ, type FeatureSpec, type LinearModel, type ModelInputs } from '../../src/shared/band-estimate/model.js';

export const RIDGE_LAMBDA = 1;

export function fitSignedRidge(rows: readonly ModelInputs[], targets: readonly number[], specs: readonly FeatureSpec[], lambda = RIDGE_LAMBDA): LinearModel {
  let kept = [...specs];
  for (;;) {
    const model = fitRidge(rows, targets, kept, lambda);
    const against = model.terms.filter((term) => Math.sign(term.weight) !== 0 && Math.sign(term.weight) !== kept.find((spec) => spec.feature === term.feature)?.sign);
    // A feature held at the mean leaves the model once fitted: it counts as zero standard deviations for everyone.
    const held = new Set(kept.filter((spec) => spec.heldAtMean).map((spec) => spec.feature));
    if (against.length === 0) return alignSpread({ ...model, terms: model.terms.filter((term) => term.weight !== 0 && !held.has(term.feature)) }, rows, targets);
    // Drop the feature most against its sign, then refit.
    const worst = against.reduce((a, b) => (Math.abs(b.weight) > Math.abs(a.weight) ? b : a));
    kept = kept.filter((spec) => spec.feature !== worst.feature);
  }
}

/**
 * Least squares pulls every estimate towards the mean (a level-9 learner is estimated well below 9),
 * which ranks correctly but crowds the bands in the middle. As automated scoring engines do when
 * they report on the raters' scale (linear scaling to the human scores' mean and standard
 * deviation: Williamson, Xi & Breyer 2012, "A framework for evaluation and use of automated
 * scoring", Educational Measurement 31(1)), the weights are stretched so that the estimates spread
 * like the raters' levels. Ranks are unchanged.
 */
function alignSpread(model: LinearModel, rows: readonly ModelInputs[], targets: readonly number[]): LinearModel {
  const predictions = rows.map((row) => model.terms.reduce((sum, term) => sum + term.weight * countedZ(term, row[term.feature], term.weight), model.intercept));
  const spread = (values: readonly number[]) => {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  };
  const stretch = spread(predictions) === 0 ? 1 : spread(targets) / spread(predictions);
  return { ...model, terms: model.terms.map((term) => ({ ...term, weight: term.weight * stretch })) };
}

/** The strongest learners: those rated at this level or above (levels 8 and 9: 52 of the 716). */
export const STRONGEST_LEVEL = 8;

/**
 * The levels whose learners' means the advice aims a student one level below at (decision 0069): 2
 * up to the level under the strongest. Level 1 is no one's next level up (and is one learner).
 */
export const FIRST_AIMED_LEVEL = 2;

/**
 * Each level's learners' mean of a feature, in standard deviations from `mean`, from
 * FIRST_AIMED_LEVEL to the level under STRONGEST_LEVEL (a level no row has gives none): what the
 * advice measures a student's room against when the level above theirs is one of these.
 */
export function levelMeans(values: readonly number[], targets: readonly number[], mean: number, sd: number): [level: number, mean: number][] {
  const means: [number, number][] = [];
  for (let level = FIRST_AIMED_LEVEL; level < STRONGEST_LEVEL; level++) {
    const at = values.filter((_, i) => targets[i] === level);
    if (at.length > 0) means.push([level, (at.reduce((a, b) => a + b, 0) / at.length - mean) / sd]);
  }
  return means;
}

function fitRidge(rows: readonly ModelInputs[], targets: readonly number[], specs: readonly FeatureSpec[], lambda: number): LinearModel {
  const n = rows.length;
  // A saturating feature (decision 0046) counts in its good direction no further than the strongest
  // learners' mean, in the fit as in the estimate, so that the weights are fitted on what is counted.
  const strongest = rows.filter((_, i) => (targets[i] ?? 0) >= STRONGEST_LEVEL);
  const stats = specs.map(({ feature, saturates }) => {
    const values = rows.map((row) => row[feature]);
    const mean = values.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / n) || 1;
    const topMean = strongest.reduce((sum, row) => sum + row[feature], 0) / Math.max(1, strongest.length);
    const top = { ...(strongest.length > 0 ? { strongest: (topMean - mean) / sd } : {}), levelMeans: levelMeans(values, targets, mean, sd) };
    return saturates && strongest.length > 0 ? { feature, mean, sd, best: (topMean - mean) / sd, ...top } : { feature, mean, sd, ...top };
  });
  const x = rows.map((row) => stats.map((stat, i) => countedZ({ ...stat, weight: 0 }, row[stat.feature], specs[i]?.sign ?? 1)));
  const yMean = targets.reduce((a, b) => a + b, 0) / n;
  const p = stats.length;
  const a: number[][] = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => (i === j ? lambda : 0)));
  const b: number[] = new Array<number>(p).fill(0);
  for (let r = 0; r < n; r++) {
    const xr = x[r] as number[];
    const yr = (targets[r] as number) - yMean;
    for (let i = 0; i < p; i++) {
      b[i] = (b[i] as number) + (xr[i] as number) * yr;
      const ai = a[i] as number[];
      for (let j = 0; j < p; j++) ai[j] = (ai[j] as number) + (xr[i] as number) * (xr[j] as number);
    }
  }
  const w = solve(a, b);
  return { intercept: yMean, terms: stats.map((stat, i) => ({ ...stat, weight: w[i] as number })) };
}

/** Gaussian elimination with partial pivoting (the matrix is symmetric positive definite). */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const m = matrix.map((row, i) => [...row, vector[i] as number]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs((m[r] as number[])[col] as number) > Math.abs((m[pivot] as number[])[col] as number)) pivot = r;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const top = m[col] as number[];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r] as number[];
      const factor = (row[col] as number) / (top[col] as number);
      for (let c = col; c <= n; c++) row[c] = (row[c] as number) - factor * (top[c] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}
