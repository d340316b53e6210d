/*
 * A browser that cannot record (no MediaRecorder, or one that refuses every recording, as Debian's
 * WebKitGTK does), found as the microphone is granted (speech/recorder-support.ts): the ready card
 * says so before Start Test, and the Recording Error toast at Start Test does not blame the
 * microphone's permission, which the page has just said is ready.
 */
import { describe, expect, it } from 'vitest';
import { RECORDING_ERROR_TEXT } from './recording.js';
import { selectScreen } from './selectors.js';
import { selectSetupScreen } from './setup.js';
import { Driver, types } from './test-helpers.js';
import type { DeviceKind } from './types.js';

/** Setup to the ready card, the microphone granted with what the edge found about recording. */
function ready(device: DeviceKind, canRecord: boolean, recognition = true): Driver {
  const d = new Driver(device, 0, { recognition });
  d.timer(1_000, 'micAutoRequest');
  d.send(1_200, { type: 'MIC_GRANTED', canRecord });
  return d;
}

describe('a browser that cannot record', () => {
  it('is told on the ready card, before Start Test, on Apple devices and on others', () => {
    for (const [device, recognition] of [['apple', true], ['desktop', false], ['desktop', true]] as const) {
      const d = ready(device, false, recognition);
      expect(d.state.stage).toBe('ready');
      expect(selectSetupScreen(d.state).canRecord).toBe(false);
      expect(selectScreen(d.state).canRecord).toBe(false);
      // Start Test stays: the student may still go through the test for practice.
      expect(selectSetupScreen(d.state).startEnabled).toBe(true);
    }
  });

  it('a browser that can record is not told anything (the common case, an iPhone recording mp4)', () => {
    for (const d of [ready('apple', true), ready('desktop', true, false)]) {
      expect(selectSetupScreen(d.state).canRecord).toBe(true);
      expect(selectScreen(d.state).canRecord).toBe(true);
    }
    // An edge that does not say (the whole flow's tests) means it can.
    const d = new Driver('apple');
    d.timer(1_000, 'micAutoRequest');
    d.send(1_200, { type: 'MIC_GRANTED' });
    expect(selectSetupScreen(d.state).canRecord).toBe(true);
  });

  it("on Apple, Start Test's Recording Error says recording may not be available, not to grant the microphone in Safari's settings", () => {
    const d = ready('apple', false);
    expect(types(d.send(2_000, { type: 'START_TEST' }))).toContain('startRecording');
    d.send(2_010, { type: 'RECORDING_ERROR' });
    expect(d.state.toasts).toMatchObject([{ title: 'Recording Error', description: RECORDING_ERROR_TEXT.other, variant: 'destructive' }]);
    expect(d.state.toasts[0]?.description).not.toMatch(/permission|Safari settings/);
    // The part says at once that nothing is recorded or transcribed, and never that the audio is being recorded.
    const screen = selectScreen(d.state);
    expect(screen.recordingProblem).toMatch(/^No recording is being made on this device: your answers are not transcribed either/);
    expect(screen.notes.join(' ')).not.toMatch(/being recorded/);
  });

  it("an Apple device that could record when the microphone was granted keeps the spec's Safari text when the recorder then fails", () => {
    const d = ready('apple', true);
    d.send(2_000, { type: 'START_TEST' });
    d.send(2_010, { type: 'RECORDING_ERROR' });
    expect(d.state.toasts).toMatchObject([{ title: 'Recording Error', description: RECORDING_ERROR_TEXT.apple }]);
  });

  it('a denied microphone, Try Again and a grant: what the grant found counts', () => {
    const d = new Driver('apple');
    d.timer(1_000, 'micAutoRequest');
    d.send(1_100, { type: 'MIC_DENIED', message: 'denied' });
    d.send(2_000, { type: 'REQUEST_MICROPHONE' });
    d.send(2_100, { type: 'MIC_GRANTED', canRecord: false });
    expect(selectSetupScreen(d.state).canRecord).toBe(false);
  });

  it('demo mode records nothing by design: it says so itself, not that the browser cannot record', () => {
    const d = new Driver('apple');
    d.timer(1_000, 'micAutoRequest');
    d.send(1_100, { type: 'MIC_DENIED', message: 'denied' });
    d.send(1_500, { type: 'DEMO_MODE' });
    expect(selectSetupScreen(d.state)).toMatchObject({ demo: true, canRecord: true });
  });
});
