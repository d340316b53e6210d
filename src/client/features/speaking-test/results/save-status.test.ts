import { describe, expect, it } from 'vitest';
import { SAVE_WARNING_TEXT, saveStatusView } from './save-status';

const NOW = 1_000_000;
const pending = { state: 'pending' as const, attemptSaved: false, tries: 0, nextTryAt: NOW, sendingSince: null, lastError: null, waitingForSignIn: false, memoryOnly: false };

describe('saveStatusView', () => {
  it("gives the spec's Save Warning when nothing was submitted, and Saving while the test is being handed over", () => {
    expect(saveStatusView(null, { state: 'unknown' }, NOW)).toMatchObject({ tone: 'warning', message: SAVE_WARNING_TEXT, canRetry: false });
    expect(saveStatusView(null, { state: 'unknown' }, NOW, true)).toMatchObject({ tone: 'pending', title: 'Saving', message: 'Saving your results…' });
  });

  it('says the results are saved, and when only the recording failed', () => {
    expect(saveStatusView('id', { state: 'saved', result: {}, recordingError: null }, NOW).message).toBe('Your results are saved.');
    expect(saveStatusView('id', { state: 'saved', result: {}, recordingError: 'too large' }, NOW).message).toBe(
      'Your results are saved. The recording could not be uploaded: too large',
    );
  });

  it("passes the server's message on when it refused, with the teacher and Try again", () => {
    expect(saveStatusView('id', { state: 'failed', status: 403, message: 'This test belongs to another student' }, NOW)).toMatchObject({
      tone: 'failed',
      message: 'This test belongs to another student. Please contact your teacher.',
      canRetry: true,
    });
  });

  it('keeps trying, says the copy is on this device, and gives the attempt number and next try', () => {
    const first = saveStatusView('id', pending, NOW);
    expect(first.message).toBe('Saving your results…');
    expect(first.detail).toBeNull();
    expect(saveStatusView('id', { ...pending, tries: 1 }, NOW).message).toBe(
      'Saving your results… we will keep trying. A copy is kept on this device until the school’s server confirms it.',
    );
    const later = saveStatusView('id', { ...pending, tries: 2, nextTryAt: NOW + 3_500, lastError: 'The server answered 503.' }, NOW);
    expect(later.detail).toBe('Attempt 3 · next try in 4 s · last error: The server answered 503.');
    expect(later.canRetry).toBe(true);
    expect(saveStatusView('id', { ...pending, tries: 1, nextTryAt: null }, NOW).detail).toBe('Attempt 2 · sending now');
  });

  it('offers Try again on a first send that has run 30 s (it may have hung), and says for how long', () => {
    const sending = { ...pending, nextTryAt: null, sendingSince: NOW - 29_000 };
    expect(saveStatusView('id', sending, NOW)).toMatchObject({ message: 'Saving your results…', detail: 'sending now', canRetry: false });
    expect(saveStatusView('id', { ...sending, sendingSince: NOW - 125_000 }, NOW)).toMatchObject({
      message: 'Saving your results… this is taking a while: if your connection dropped, press Try again. A copy is kept on this device until the school’s server confirms it.',
      detail: 'sending for 2 min 5 s',
      canRetry: true,
    });
    expect(saveStatusView('id', { ...sending, tries: 2, sendingSince: NOW - 45_000, lastError: 'The server answered 503.' }, NOW).detail).toBe(
      'Attempt 3 · sending for 45 s · last error: The server answered 503.',
    );
    expect(saveStatusView('id', { ...sending, sendingSince: NOW - 60_000, waitingForSignIn: true }, NOW).canRetry).toBe(false);
  });

  it('says in a word or three, for the chip beside the title, whether the test is saved', () => {
    const shorts = [
      saveStatusView(null, { state: 'unknown' }, NOW, true),
      saveStatusView('id', pending, NOW),
      saveStatusView('id', { ...pending, tries: 1 }, NOW),
      saveStatusView('id', { ...pending, nextTryAt: null, sendingSince: NOW - 31_000 }, NOW),
      saveStatusView('id', { ...pending, waitingForSignIn: true }, NOW),
      saveStatusView('id', { state: 'saved', result: {}, recordingError: 'too large' }, NOW),
      saveStatusView('id', { state: 'failed', status: 403, message: 'No' }, NOW),
      saveStatusView(null, { state: 'unknown' }, NOW),
    ].map((view) => view.short);
    expect(shorts).toEqual(['Saving…', 'Saving…', 'Not saved yet', 'Not saved yet', 'Not saved yet', 'Saved', 'Not saved', 'Not saved']);
  });

  it('asks to sign in again, and warns when the browser keeps no copy', () => {
    expect(saveStatusView('id', { ...pending, tries: 1, waitingForSignIn: true }, NOW)).toMatchObject({ canRetry: false });
    expect(saveStatusView('id', { ...pending, waitingForSignIn: true }, NOW).message).toContain('sign in again on this device');
    expect(saveStatusView('id', { ...pending, memoryOnly: true }, NOW).message).toContain('leave this page open');
  });
});
