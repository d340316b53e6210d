/*
 * SPEC.md section 4, "After the test": on the complete stage a 5-minute timer clears the stored
 * student info, shows the 'Session Expired' toast and goes to /auth 2 s later (with a warning and
 * Stay in the last minute); and the save toasts of section 8. (Leaving or reloading the
 * page is guarded by the page: announcements.ts and TestPage.tsx.)
 */
import { POST_TEST_SESSION_TIMEOUT_MS, SESSION_EXPIRED_REDIRECT_DELAY_MS } from '../../../../shared/speaking-test/constants.js';
import { addToast } from './toasts.js';
import { COUNTDOWN_TICK_MS } from './initial-state.js';
import type { SaveOutcome, SpeakingTestDraft, SpeakingTestState, TimerName } from './types.js';

export const SESSION_EXPIRED_TOAST = { title: 'Session Expired', description: 'Your session has expired. Please log in again.' } as const;
/** Spec section 8: no student info could be found to save the test for (also the results' save status). */
export const SAVE_WARNING_TITLE = 'Save Warning';
export const SAVE_WARNING_TEXT = 'Test completed but results may not be saved. Please contact your teacher.';
export const SAVE_TOASTS = {
  saved: { title: 'Test Completed', description: 'Your test results have been saved successfully.', variant: 'default' },
  noStudentInfo: { title: SAVE_WARNING_TITLE, description: SAVE_WARNING_TEXT, variant: 'destructive' },
  failed: { title: 'Save Error', description: 'Could not save test results. Please contact your teacher.', variant: 'destructive' },
} as const;
export const AUTH_ROUTE = '/auth';
/** The post-test session warns this long before it ends, with a countdown and Stay. */
export const SESSION_WARNING_MS = 60_000;
/** "0:45": the minutes and seconds left, for the countdown. */
export function formatSecondsLeft(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The complete stage's 5 minutes (spec section 4), from now: a warning in the last minute, then the end. */
export function startPostTestSession(draft: SpeakingTestDraft, now: number): void {
  draft.state.sessionEndsAt = now + POST_TEST_SESSION_TIMEOUT_MS;
  draft.state.sessionSecondsLeft = null;
  draft.schedule('sessionWarning', POST_TEST_SESSION_TIMEOUT_MS - SESSION_WARNING_MS);
  draft.schedule('sessionExpiry', POST_TEST_SESSION_TIMEOUT_MS);
}

/** The whole seconds left of the post-test session at `now`. */
function sessionSecondsAt(state: SpeakingTestState, now: number): number {
  return Math.max(0, Math.ceil(((state.sessionEndsAt ?? now) - now) / 1_000));
}

export function onSaveResult(draft: SpeakingTestDraft, outcome: SaveOutcome): void {
  const state = draft.state;
  // A save refused and then sent again by Try again is saved after all; a refusal is told once.
  const savedAfterAll = outcome === 'saved' && state.saveStatus === 'failed';
  if (state.saveStatus !== 'saving' && !savedAfterAll) return;
  state.saveStatus = outcome;
  addToast(draft, SAVE_TOASTS[outcome]);
}

/** Stay, in the session's last minute: the 5 minutes start again. */
export function onStayInSession(draft: SpeakingTestDraft, now: number): void {
  const state = draft.state;
  if (state.stage !== 'complete' || state.sessionExpired) return;
  draft.cancel('sessionWarningTick');
  startPostTestSession(draft, now);
}

/** TIMER sessionWarning and sessionWarningTick: the countdown of the last minute (none while the results are still being sent). */
function onSessionWarningTick(draft: SpeakingTestDraft, now: number): void {
  const state = draft.state;
  if (state.stage !== 'complete' || state.sessionExpired || state.saveStatus === 'saving') return;
  const left = sessionSecondsAt(state, now);
  state.sessionSecondsLeft = left;
  if (left > 1) draft.schedule('sessionWarningTick', COUNTDOWN_TICK_MS);
}

/**
 * TIMER sessionExpiry. Not while the results are still being sent (a slow or lost network, an upload
 * that hangs): signed out, the outbox's next try is refused (401) and the test waits on this device
 * until the student signs in here again. The 5 minutes start again instead, and end once it is sent.
 */
function onSessionExpiry(draft: SpeakingTestDraft, now: number): void {
  const state = draft.state;
  if (state.stage !== 'complete' || state.sessionExpired) return;
  if (state.saveStatus === 'saving') {
    startPostTestSession(draft, now);
    return;
  }
  state.sessionExpired = true;
  state.sessionEndsAt = null;
  state.sessionSecondsLeft = null;
  draft.cancel('sessionWarningTick');
  draft.emit({ type: 'clearStudentInfo' });
  draft.emit({ type: 'signOut' });
  addToast(draft, { ...SESSION_EXPIRED_TOAST, variant: 'destructive' });
  draft.schedule('sessionRedirect', SESSION_EXPIRED_REDIRECT_DELAY_MS);
}

function onSessionRedirect(draft: SpeakingTestDraft): void {
  if (draft.state.sessionExpired) draft.emit({ type: 'navigate', to: AUTH_ROUTE });
}

/** The post-test session's timers. */
export function onAfterTestTimer(draft: SpeakingTestDraft, timer: Extract<TimerName, `session${string}`>, now: number): void {
  if (timer === 'sessionWarning' || timer === 'sessionWarningTick') onSessionWarningTick(draft, now);
  else if (timer === 'sessionExpiry') onSessionExpiry(draft, now);
  else onSessionRedirect(draft);
}
