/*
 * What the examiner says besides the questions (SPEC.md section 4). A module of its own, not in
 * constants.ts: the setup screen's first visit carries constants.ts, and these lines are needed only
 * once the test runs and when a transcript is scored.
 */
export const PART2_ANNOUNCEMENT_TEXT = 'Now you have 1 minute to think on the cue card and 2 minutes to answer.';
export const PART3_INTRO_TEXT = 'Now we move on to Part 3';
export const CLOSING_TEXT = 'Thank you. That is the end of the speaking test.';
/** Printed between a cue card's topic and its bullets, as on a real card. */
export const CUE_CARD_PROMPT_TEXT = 'You should say:';
