/* Fitting the band model on learners (decision 0030): shared by the fit and the validity check. */
import { answerFeatures } from '../../src/shared/band-estimate/estimate.js';
import { CRITERION_FEATURES, modelInputs, predictLevel, type BandModel, type EstimatedCriterion, type LinearModel, type ModelInputs } from '../../src/shared/band-estimate/model.js';
import { learnerAnswers, type Learner, type Presentation } from './data.js';
import { fitSignedRidge } from './ridge.js';

/** What the model is fitted on: each learner's whole interview and its first 250 words, fillers kept. */
export const TRAINING_PRESENTATIONS: readonly Presentation[] = [{ fillers: true }, { fillers: true, firstWords: 250 }];

/** What the link to the raters' levels is fitted on (decision 0058): the whole interview as Chrome gives it, without filled pauses. */
export const LINK_PRESENTATION: Presentation = { fillers: false };

/** Folds of the cross-validation whose predictions the link is fitted on. */
export const LINK_FOLDS = 10;

const CRITERIA: readonly EstimatedCriterion[] = ['fluency', 'vocabulary', 'grammar'];

export function learnerInputs(learner: Learner, presentation: Presentation): ModelInputs {
  return modelInputs(answerFeatures(learnerAnswers(learner, presentation)));
}

/**
 * `inputs` gives a learner's features in a presentation (default: computed afresh); the validity
 * check passes a memo of it, since each of its folds fits on nine tenths of the same learners.
 */
export function fitBandModel(
  learners: readonly Learner[],
  presentations: readonly Presentation[] = TRAINING_PRESENTATIONS,
  inputs: (learner: Learner, presentation: Presentation) => ModelInputs = learnerInputs,
): BandModel {
  const model = fitLinear(learners, presentations, inputs);
  // Each learner predicted by a model that did not see them, as a new student is: the link is
  // fitted on those predictions, not on the fitted ones, which sit closer to the raters' levels.
  const folds = dealFolds(learners, LINK_FOLDS);
  const heldOut = new Map<Learner, Record<EstimatedCriterion, number>>();
  for (let k = 0; k < LINK_FOLDS; k++) {
    const foldModel = fitLinear(learners.filter((learner) => folds.get(learner) !== k), presentations, inputs);
    for (const learner of learners.filter((l) => folds.get(l) === k)) {
      const row = inputs(learner, LINK_PRESENTATION);
      heldOut.set(learner, {
        fluency: predictLevel(foldModel.fluency, row).predicted,
        vocabulary: predictLevel(foldModel.vocabulary, row).predicted,
        grammar: predictLevel(foldModel.grammar, row).predicted,
      });
    }
  }
  const levels = learners.map((learner) => learner.level);
  const linked = (criterion: EstimatedCriterion): LinearModel => ({
    ...model[criterion],
    link: linkKnots(learners.map((learner) => (heldOut.get(learner) as Record<EstimatedCriterion, number>)[criterion]), levels),
  });
  return { fluency: linked('fluency'), vocabulary: linked('vocabulary'), grammar: linked('grammar') };
}

function fitLinear(learners: readonly Learner[], presentations: readonly Presentation[], inputs: (learner: Learner, presentation: Presentation) => ModelInputs): BandModel {
  const rows: ModelInputs[] = [];
  const targets: number[] = [];
  for (const learner of learners) {
    for (const presentation of presentations) {
      rows.push(inputs(learner, presentation));
      targets.push(learner.level);
    }
  }
  const [fluency, vocabulary, grammar] = CRITERIA.map((criterion) => fitSignedRidge(rows, targets, CRITERION_FEATURES[criterion])) as [LinearModel, LinearModel, LinearModel];
  return { fluency, vocabulary, grammar };
}

/** Folds dealt round-robin within each level, so that every fold has the same mix of levels. */
export function dealFolds(learners: readonly Learner[], count: number): Map<Learner, number> {
  const fold = new Map<Learner, number>();
  [...learners].sort((a, b) => a.level - b.level || a.id.localeCompare(b.id)).forEach((learner, i) => fold.set(learner, i % count));
  return fold;
}

/**
 * Continuized equipercentile linking (Kolen & Brennan 2014, Test Equating, Scaling, and Linking,
 * ch. 2): a predicted level links to the raters' level that as large a share of the learners lie
 * under. Each rated level is spread evenly over [level - 0.5, level + 0.5]; the knots are the
 * predictions at the middle of each level's share (a level no learner has gives none), and between
 * them the link is a straight line.
 */
export function linkKnots(predicted: readonly number[], levels: readonly number[]): [number, number][] {
  const sorted = [...predicted].sort((a, b) => a - b);
  const quantile = (share: number) => {
    const position = share * (sorted.length - 1);
    const low = Math.floor(position);
    const high = Math.min(sorted.length - 1, low + 1);
    return (sorted[low] as number) + (position - low) * ((sorted[high] as number) - (sorted[low] as number));
  };
  const knots: [number, number][] = [];
  for (const level of [...new Set(levels)].sort((a, b) => a - b)) {
    const below = levels.filter((l) => l < level).length / levels.length;
    const at = levels.filter((l) => l === level).length / levels.length;
    const knot = quantile(below + at / 2);
    // Rising strictly: two levels whose middles fall on the same prediction keep the first.
    if (knots.length === 0 || knot > (knots[knots.length - 1] as [number, number])[0]) knots.push([knot, level]);
  }
  return knots;
}
