/* Without Zod: the /test page's results ask for this many without loading the contracts' library (decision 0023). */

/** How many of the student's latest speaking tests the history gives. */
export const TEST_HISTORY_LIMIT = 20;
