/* The four criteria of the estimate and how the results name them; which answers were not counted. */
import type { CriterionAnalysis } from '../../../../shared/api/admin-attempts';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer';
import type { NonAnswer } from '../../../../shared/speaking-test/non-answers';
import { roundToHalfBand, type SpeakingTestResult } from '../../../../shared/speaking-test/scoring';

export const CRITERIA = ['fluency', 'vocabulary', 'grammar', 'pronunciation'] as const;
export const CRITERION_NAMES: Record<(typeof CRITERIA)[number], string> = {
  fluency: 'Fluency',
  vocabulary: 'Vocabulary',
  grammar: 'Grammar',
  pronunciation: 'Pronunciation',
};

export const band = (value: number) => roundToHalfBand(value).toFixed(1);

export function criterionAnalyses(result: Extract<SpeakingTestResult, { assessable: true }>): CriterionAnalysis[] {
  return CRITERIA.map((name) => {
    const { criterion, base, band: value, rules, figures, advice, repeated } = result.criteria[name];
    return { criterion, base, band: value, rules, figures: { ...figures }, advice, ...(repeated ? { repeated } : {}) };
  });
}

/** The non-answer for this answer, if it was not counted. */
export function nonAnswerOf(nonAnswers: readonly NonAnswer[], answer: Pick<SpeakingTestAnswer, 'part' | 'questionNumber'>): NonAnswer | undefined {
  return nonAnswers.find((item) => item.part === answer.part && item.questionNumber === answer.questionNumber);
}
