/* My progress's figures without Zod, so that the browser's pages import them alone (decision 0023). */

/** The speaking test's criteria measured from the words (Pronunciation is not, without a teacher). */
export const MEASURED_CRITERIA = ['fluency', 'vocabulary', 'grammar'] as const;
export type MeasuredCriterion = (typeof MEASURED_CRITERIA)[number];

/** At most this many of the latest speaking tests are read for what to work on next. */
export const WORK_ON_NEXT_TESTS = 3;

/** A mean over the latest tests as My progress shows it: to a tenth of a band (the server names from it, the page writes it). */
export const meanAsShown = (mean: number): number => Number(mean.toFixed(1));
