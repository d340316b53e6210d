/* Fitting the band model on learners (decision 0030): shared by the fit and the validity check. */
import { answerFeatures } from '../../src/shared/band-estimate/estimate.js';
import { CRITERION_FEATURES, modelInputs, type BandModel, type ModelInputs } from '../../src/shared/band-estimate/model.js';
import { learnerAnswers, type Learner, type Presentation } from './data.js';
import { fitSignedRidge } from './ridge.js';

/** What the model is fitted on: each learner's whole interview and its first 250 words, fillers kept. */
export const TRAINING_PRESENTATIONS: readonly Presentation[] = [{ fillers: true }, { fillers: true, firstWords: 250 }];

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
  const rows: ModelInputs[] = [];
  const targets: number[] = [];
  for (const learner of learners) {
    for (const presentation of presentations) {
      rows.push(inputs(learner, presentation));
      targets.push(learner.level);
    }
  }
  return {
    fluency: fitSignedRidge(rows, targets, CRITERION_FEATURES.fluency),
    vocabulary: fitSignedRidge(rows, targets, CRITERION_FEATURES.vocabulary),
    grammar: fitSignedRidge(rows, targets, CRITERION_FEATURES.grammar),
  };
}
