/* SPEC.md section 4, 'After the test' (flow/after-the-test.ts). */
import { describe, expect, it } from 'vitest';
import { formatSecondsLeft } from './machine.js';
import { Driver, reachListening, types } from './test-helpers.js';

describe('after the test', () => {
  function completed(): Driver {
    const d = new Driver();
    d.start(0);
    let t = 0;
    const answer = (): void => {
      t += 1_000;
      reachListening(d, t);
      // A word in each answer: two unheard in a row would add a toast of their own (unheard.ts).
      d.send(t + 550, { type: 'FINAL', text: 'yes' });
      d.send(t + 600, { type: 'RECOGNITION_ENDED' });
      t += 2_600;
      d.timer(t, 'afterRecognitionEnd');
    };
    for (let i = 0; i < 10; i++) answer();
    d.speechDone(t);
    for (let k = 1; k <= 60; k++) d.timer(t + k * 1_000, 'prepTick');
    for (let k = 1; k <= 120; k++) d.timer(t + k * 1_000, 'speakTick');
    d.timer(t, 'handOff');
    d.speechDone(t);
    d.timer(t, 'part3Intro');
    for (let i = 0; i < 10; i++) answer();
    return d;
  }

  /** Completed and saved: the attempt and its recording sent. */
  function saved(): Driver {
    const d = completed();
    d.send(d.state.lastEventAt, { type: 'SAVE_RESULT', outcome: 'saved' });
    return d;
  }

  it('keeps the device signed in while the results are still being sent: no countdown, and the 5 minutes start again', () => {
    const d = completed();
    expect(d.state.saveStatus).toBe('saving');
    const endsAt = d.state.sessionEndsAt ?? 0;
    // No "Your session ends in 0:59": the session will not end while the results are on their way.
    expect(types(d.timer(endsAt - 60_000, 'sessionWarning'))).toEqual([]);
    expect(d.state.sessionSecondsLeft).toBeNull();
    // Signed out now, the outbox's next try would be refused and the test would wait for a new sign-in on this device.
    expect(types(d.timer(endsAt, 'sessionExpiry'))).toEqual(['schedule:sessionWarning:240000', 'schedule:sessionExpiry:300000']);
    expect(d.state.sessionExpired).toBe(false);
    expect(d.state.toasts.map((x) => x.title)).not.toContain('Session Expired');
    // Sent at last: the next 5 minutes end the session as the spec says.
    d.send(endsAt + 10_000, { type: 'SAVE_RESULT', outcome: 'saved' });
    const next = d.state.sessionEndsAt ?? 0;
    expect(types(d.timer(next - 60_000, 'sessionWarning'))).toEqual(['schedule:sessionWarningTick:1000']);
    expect(types(d.timer(next, 'sessionExpiry'))).toEqual(['cancel:sessionWarningTick', 'clearStudentInfo', 'signOut', 'schedule:sessionRedirect:2000']);
  });

  it('ends the session after a save the server refused (nothing is left to send)', () => {
    const d = completed();
    d.send(d.state.lastEventAt, { type: 'SAVE_RESULT', outcome: 'failed' });
    expect(types(d.timer(d.state.sessionEndsAt ?? 0, 'sessionExpiry'))).toContain('signOut');
  });

  it('expires the session after 300 s and goes to /auth 2 s later', () => {
    const d = saved();
    expect(d.state.stage).toBe('complete');
    expect(types(d.timer(1_000_000, 'sessionExpiry'))).toEqual(['cancel:sessionWarningTick', 'clearStudentInfo', 'signOut', 'schedule:sessionRedirect:2000']);
    expect(d.state.toasts.map((x) => x.title)).toEqual(['Test Completed', 'Session Expired']);
    expect(d.timer(1_002_000, 'sessionRedirect')).toEqual([{ type: 'navigate', to: '/auth' }]);
  });

  it('warns in the last minute with a countdown; Stay starts the 5 minutes again; without it the session ends', () => {
    const d = saved();
    const endsAt = d.state.sessionEndsAt ?? 0;
    expect(d.state.sessionSecondsLeft).toBeNull();
    // At 4 minutes: 60 s left, ticking each second.
    expect(types(d.timer(endsAt - 60_000, 'sessionWarning'))).toEqual(['schedule:sessionWarningTick:1000']);
    expect(d.state.sessionSecondsLeft).toBe(60);
    d.timer(endsAt - 45_000, 'sessionWarningTick');
    expect(d.state.sessionSecondsLeft).toBe(45);
    expect(formatSecondsLeft(d.state.sessionSecondsLeft ?? 0)).toBe('0:45');
    // The student is still reading: Stay.
    const stay = d.send(endsAt - 44_000, { type: 'STAY_IN_SESSION' });
    expect(types(stay)).toEqual(['cancel:sessionWarningTick', 'schedule:sessionWarning:240000', 'schedule:sessionExpiry:300000']);
    expect(d.state.sessionSecondsLeft).toBeNull();
    expect(d.state.sessionEndsAt).toBe(endsAt - 44_000 + 300_000);
    // The last tick shows 0:01 and schedules no more; the end comes with the expiry timer.
    const later = d.state.sessionEndsAt ?? 0;
    d.timer(later - 60_000, 'sessionWarning');
    expect(types(d.timer(later - 1_000, 'sessionWarningTick'))).toEqual([]);
    expect(d.state.sessionSecondsLeft).toBe(1);
    d.timer(later, 'sessionExpiry');
    expect(d.state.sessionExpired).toBe(true);
    expect(d.state.sessionSecondsLeft).toBeNull();
    // Too late to stay, and no more ticks.
    expect(d.send(later + 500, { type: 'STAY_IN_SESSION' })).toEqual([]);
    expect(d.timer(later + 500, 'sessionWarningTick')).toEqual([]);
  });

  it('formats the countdown as minutes and seconds', () => {
    expect([60, 59, 10, 9, 1, 0].map(formatSecondsLeft)).toEqual(['1:00', '0:59', '0:10', '0:09', '0:01', '0:00']);
  });

  it('has no countdown and ignores Stay before the test is complete', () => {
    const d = new Driver();
    d.start(0);
    expect(d.send(10, { type: 'STAY_IN_SESSION' })).toEqual([]);
    expect(d.timer(20, 'sessionWarning')).toEqual([]);
    expect(d.state.sessionSecondsLeft).toBeNull();
  });

  it('does not redirect before the session has expired', () => {
    const d = completed();
    expect(d.timer(1_000, 'sessionRedirect')).toEqual([]);
  });

  it('takes a refused save sent again by Try again as saved: told once of each, the failure not again', () => {
    const d = completed();
    d.send(1, { type: 'SAVE_RESULT', outcome: 'failed' });
    d.send(2, { type: 'SAVE_RESULT', outcome: 'failed' });
    expect(d.state.saveStatus).toBe('failed');
    d.send(3, { type: 'SAVE_RESULT', outcome: 'saved' });
    expect(d.state.saveStatus).toBe('saved');
    expect(d.state.toasts.map((x) => x.title)).toEqual(['Save Error', 'Test Completed']);
    // Saved stays saved.
    d.send(4, { type: 'SAVE_RESULT', outcome: 'failed' });
    expect(d.state.saveStatus).toBe('saved');
  });

  it('shows the save outcome toasts', () => {
    const warn = completed();
    warn.send(1, { type: 'SAVE_RESULT', outcome: 'noStudentInfo' });
    expect(warn.state.toasts[0]?.description).toBe('Test completed but results may not be saved. Please contact your teacher.');
    const fail = completed();
    fail.send(1, { type: 'SAVE_RESULT', outcome: 'failed' });
    expect(fail.state.toasts[0]?.description).toBe('Could not save test results. Please contact your teacher.');
  });
});
