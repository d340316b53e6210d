/*
 * What "Work on next" reads: the criterion, with any on the same band named beside it ("Fluency,
 * same band as Grammar"). My progress names criteria level on the mean together ("Fluency and
 * Grammar").
 */
const CRITERION = '(?:Fluency|Vocabulary|Grammar)';
const LIST = `${CRITERION}(?:(?:, ${CRITERION})* and ${CRITERION})?`;

/** The results' next step (data-testid "next-step"). */
export const NEXT_STEP_TEXT = new RegExp(`^Work on next \\(${CRITERION}(?:, same band as ${LIST})?\\): \\S`, 'u');

/** My progress's Work on next heading. */
export const WORK_ON_NEXT_HEADING = new RegExp(`^Work on next: ${LIST}$`, 'u');
