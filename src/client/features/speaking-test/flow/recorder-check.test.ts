/* The recording check on every device (flow/recorder-check.ts), driven by the events' clock. */
import { describe, expect, it } from 'vitest';
import { recorderToasts, RECORDING_RECHECK_MS } from '../../../speech/recorder-check.js';
import { recordingProblemText } from './recorder-check.js';
import { selectScreen } from './selectors.js';
import { Driver, types } from './test-helpers.js';

const TOASTS = recorderToasts('test');

describe('the recording check', () => {
  it('on a desktop whose recorder yields nothing: noticed 5 s after Start Test, told once, on the screen while it lasts', () => {
    const d = new Driver('desktop');
    expect(types(d.start(10_000))).toContain('schedule:recordingCheck:5000');
    expect(selectScreen(d.state).recordingProblem).toBeNull();
    expect(types(d.timer(15_000, 'recordingCheck'))).toEqual(['checkRecording']);
    expect(types(d.send(15_010, { type: 'RECORDING_CHECKED', chunkCount: 0 }))).toEqual([`schedule:recordingCheck:${RECORDING_RECHECK_MS}`]);
    expect(d.state.toasts).toMatchObject([{ title: 'No recording', description: TOASTS.none.text, variant: 'destructive' }]);
    expect(selectScreen(d.state).recordingProblem).toBe(
      'No recording is being made on this device: your answers are still transcribed for your estimate, but your teacher cannot listen to them. Use Chrome on a computer or an Android phone if you can, or retake the test on another device.',
    );
    d.send(15_020, { type: 'TOAST_SHOWN', id: d.state.toasts[0]?.id ?? -1 });
    // Still nothing 5 s later: no second toast, the note stays.
    d.timer(20_010, 'recordingCheck');
    d.send(20_020, { type: 'RECORDING_CHECKED', chunkCount: 0 });
    expect(d.state.toasts).toEqual([]);
    expect(selectScreen(d.state).recordingProblem).not.toBeNull();
    // The recorder starts giving pieces after all: the note goes.
    d.send(25_020, { type: 'RECORDING_CHECKED', chunkCount: 4 });
    expect(d.state.recorder).toEqual({ status: 'yielding', chunks: 4, countedAtMs: 15_020 });
    expect(selectScreen(d.state).recordingProblem).toBeNull();
  });

  it('notices a recorder that stops yielding: no new piece since the last check', () => {
    const d = new Driver('desktop');
    d.start(0);
    d.send(5_000, { type: 'RECORDING_CHECKED', chunkCount: 5 });
    d.send(10_000, { type: 'RECORDING_CHECKED', chunkCount: 10 });
    expect(d.state.toasts).toEqual([]);
    d.send(15_000, { type: 'RECORDING_CHECKED', chunkCount: 10 });
    expect(d.state.recorder.status).toBe('stopped');
    expect(d.state.toasts).toMatchObject([{ title: 'Recording stopped', description: TOASTS.stopped.text, variant: 'destructive' }]);
    expect(selectScreen(d.state).recordingProblem).toMatch(/^The recording stopped on this device/);
  });

  it("on Apple keeps the spec's Recording Notice, and drops the note that says the audio is being recorded", () => {
    const d = new Driver('apple');
    d.start(0);
    expect(selectScreen(d.state).notes[0]).toMatch(/audio is being recorded/);
    d.send(5_000, { type: 'RECORDING_CHECKED', chunkCount: 0 });
    expect(d.state.toasts.map((toast) => toast.title)).toEqual(['Recording Notice']);
    const screen = selectScreen(d.state);
    expect(screen.notes.join(' ')).not.toMatch(/being recorded/);
    expect(screen.recordingProblem).toBe(
      'No recording is being made on this device: your answers are not transcribed either, so they cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the test on another device.',
    );
  });

  it('is not run in demo mode (nothing is recorded there) nor after the test', () => {
    const d = new Driver('desktop');
    d.timer(1_000, 'micAutoRequest');
    d.send(1_200, { type: 'MIC_DENIED', message: 'denied' });
    d.send(1_500, { type: 'DEMO_MODE' });
    expect(types(d.send(2_000, { type: 'START_TEST' }))).not.toContain('schedule:recordingCheck:5000');
    expect(types(d.timer(7_000, 'recordingCheck'))).toEqual([]);
  });

  it('a recorder that could not start shows the Recording Error toast only, and the note', () => {
    const d = new Driver('desktop');
    d.start(0);
    d.send(100, { type: 'RECORDING_ERROR' });
    d.send(5_000, { type: 'RECORDING_CHECKED', chunkCount: 0 });
    expect(d.state.toasts.map((toast) => toast.title)).toEqual(['Recording Error']);
    expect(selectScreen(d.state).recordingProblem).toMatch(/^No recording is being made/);
  });

  it('says nothing before the first check or while pieces arrive', () => {
    expect(recordingProblemText({ recorder: { status: 'unknown', chunks: 0, countedAtMs: 0 }, transcription: 'off' })).toBeNull();
    expect(recordingProblemText({ recorder: { status: 'yielding', chunks: 3, countedAtMs: 3_000 }, transcription: 'off' })).toBeNull();
  });
});
