/*
 * What "Work on next" reads: the criterion, with any level with it on the band named beside it
 * ("Fluency, level with Grammar"). My progress names criteria level on the mean together
 * ("Fluency and Grammar").
 */
const CRITERION = '(?:Fluency|Vocabulary|Grammar)';
const LIST = `${CRITERION}(?:(?:, ${CRITERION})* and ${CRITERION})?`;

/** The results' next step (data-testid "next-step"). */
export const NEXT_STEP_TEXT = new RegExp(`^Work on next \\(${CRITERION}(?:, level with ${LIST})?\\): \\S`, 'u');

/** My progress's Work on next heading. */
export const WORK_ON_NEXT_HEADING = new RegExp(`^Work on next: ${LIST}$`, 'u');
