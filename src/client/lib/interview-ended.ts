/*
 * A reload mid-interview ends it and goes to '/' (SPEC.md section 4). The spec's warning was on the
 * welcome view; a student who reloaded by accident (or whose phone reloaded a tab it had put away)
 * otherwise lands on the home page without a word about the lost interview. The interview page
 * notes it in this tab's sessionStorage before going, and the home page says so once. Storage, not
 * the router's state: the home page also runs in the light app, which has no router (decision 0022).
 *
 * The same three sessionStorage calls as stopped-test.ts, kept apart on purpose: one module for
 * both becomes a chunk of its own, shared by the light app's home page and /test, one more request
 * on each one's first visit and 163 B more on /test's (measured 2026-12-03), for 30 lines.
 */
const KEY = 'parley.interviewEnded';

export const INTERVIEW_ENDED_TITLE = 'Your interview did not finish';
export const INTERVIEW_ENDED_TEXT =
  'The page was reloaded or closed during your interview, so it ended and was not saved. Start a new interview when you are ready, and stay on its page until the results appear.';

/** A reload ended the interview: the home page is to say so. */
export function noteInterviewEnded(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (a private window's quota): the notice is a courtesy, the interview is gone either way.
  }
}

/** Whether the home page is to say so (no side effect: safe to read while rendering). */
export function interviewEndedByReload(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** Said: a later visit to the home page says nothing. */
export function forgetInterviewEnded(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As in noteInterviewEnded.
  }
}
