/*
 * What became of this tab's last test, for the next /test page. A test that stopped part-way because the page went (a reload, the tab closed, or Safari reloading a
 * tab it had put away): its answers live only in the page, so they are gone. The page notes it in this
 * tab's sessionStorage as it goes, and the next /test page in the tab says so until a new test starts
 * or the student closes the notice (a reload that ended a test without a word left students thinking
 * it had been saved).
 *
 * The same three sessionStorage calls as interview-ended.ts, kept apart on purpose: one module for
 * both becomes a chunk of its own, shared by the light app's home page and /test, one more request
 * on each one's first visit and 163 B more on /test's (measured 2026-12-03), for 30 lines.
 */
const KEY = 'parley.testStopped';

export const TEST_STOPPED_TITLE = 'Your last test did not finish';
export const TEST_STOPPED_TEXT =
  'The page was reloaded or closed during your last test, so its answers were not saved. Start a new test when you are ready, and stay on this page until the results appear.';

/** The page is going while a part runs. */
export function noteTestStopped(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (a private window's quota): the notice is a courtesy, the test is gone either way.
  }
}

/** Whether a test stopped part-way in this tab and the student has not been told yet (no side effect: safe to read while rendering). */
export function testStoppedEarlier(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** Told, or a new test started. */
export function forgetTestStopped(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As in noteTestStopped.
  }
}

/*
 * A test that finished and was saved: a reload of its results page showed a fresh "Ready to start"
 * card and no word of the test, and students took it for lost. The next /test page in the tab says
 * where its results are, for the student who took it, until a new test starts or the notice is closed.
 */
const SAVED_KEY = 'parley.testSaved';

export const TEST_SAVED_TITLE = 'Your last test is saved';

/** The test of `attemptId` by `userId` is saved. */
export function noteTestSaved(userId: number, attemptId: string): void {
  try {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ userId, attemptId }));
  } catch {
    // As in noteTestStopped.
  }
}

/** The attempt of the test `userId` saved last in this tab, when they have not been told yet. */
export function testSavedEarlier(userId: number | undefined): string | null {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SAVED_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null || !('userId' in saved) || !('attemptId' in saved)) return null;
    return saved.userId === userId && typeof saved.attemptId === 'string' ? saved.attemptId : null;
  } catch {
    return null;
  }
}

/** Told, or a new test started. */
export function forgetTestSaved(): void {
  try {
    sessionStorage.removeItem(SAVED_KEY);
  } catch {
    // As in noteTestStopped.
  }
}
