/* The recorder check both voice flows share (recorder-check.ts): piece counts against time really recorded. */
import { describe, expect, it } from 'vitest';
import { judgeRecorder, recorderToasts, RECORDING_STALL_MS, recordingProblemSentence, type RecorderCheck } from './recorder-check';

const NOT_CHECKED: RecorderCheck = { status: 'unknown', chunks: 0, countedAtMs: 0 };

describe('the shared recorder check', () => {
  it('tells nothing before 3 s of recording, then "none" once when not a piece came', () => {
    expect(judgeRecorder(NOT_CHECKED, 0, RECORDING_STALL_MS - 1)).toEqual({ recorder: NOT_CHECKED, tell: null });
    const none = judgeRecorder(NOT_CHECKED, 0, RECORDING_STALL_MS);
    expect(none).toEqual({ recorder: { status: 'none', chunks: 0, countedAtMs: 0 }, tell: 'none' });
    expect(judgeRecorder(none.recorder, 0, 60_000)).toEqual({ recorder: none.recorder, tell: null });
  });

  it('a count that grew is yielding, and the stall is measured from the time recorded when it grew', () => {
    const yielding = judgeRecorder(NOT_CHECKED, 4, 4_500);
    expect(yielding).toEqual({ recorder: { status: 'yielding', chunks: 4, countedAtMs: 4_500 }, tell: null });
    // A page clock run forward between checks, with only 2 s really recorded: no verdict yet.
    expect(judgeRecorder(yielding.recorder, 4, 6_500)).toEqual({ recorder: yielding.recorder, tell: null });
    const stopped = judgeRecorder(yielding.recorder, 4, 4_500 + RECORDING_STALL_MS);
    expect(stopped).toEqual({ recorder: { status: 'stopped', chunks: 4, countedAtMs: 4_500 }, tell: 'stopped' });
    expect(judgeRecorder(stopped.recorder, 4, 20_000).tell).toBeNull();
    // Pieces again, then a second stop: told again.
    const again = judgeRecorder(stopped.recorder, 7, 21_000);
    expect(again.recorder).toEqual({ status: 'yielding', chunks: 7, countedAtMs: 21_000 });
    expect(judgeRecorder(again.recorder, 7, 24_000).tell).toBe('stopped');
  });

  it('a recorder already known to give nothing (it could not start) is not told again', () => {
    const failed: RecorderCheck = { status: 'none', chunks: 0, countedAtMs: 0 };
    expect(judgeRecorder(failed, 0, 5_000)).toEqual({ recorder: failed, tell: null });
    expect(judgeRecorder(failed, 2, 5_000).recorder.status).toBe('yielding');
  });

  it("tells a recorder that gives nothing or stops in each flow's words", () => {
    expect(recorderToasts('test')).toEqual({
      none: { title: 'No recording', text: 'This device is not recording your answers. Use Chrome on a computer or an Android phone if you can, or retake the test on another device.' },
      stopped: { title: 'Recording stopped', text: 'This device stopped recording your answers. Use Chrome on a computer or an Android phone if you can, or retake the test on another device.' },
    });
    expect(recorderToasts('interview')).toEqual({
      none: { title: 'No recording', text: 'This device is not recording your answers. Use Chrome on a computer or an Android phone if you can, or retake the interview on another device.' },
      stopped: { title: 'Recording stopped', text: 'This device stopped recording your answers. Use Chrome on a computer or an Android phone if you can, or retake the interview on another device.' },
    });
  });

  it("says what a missing recording means in each flow's words", () => {
    const test = { result: 'estimate', retake: 'test' } as const;
    const interview = { result: 'scores', retake: 'interview' } as const;
    expect(recordingProblemSentence('unknown', 'live', test)).toBeNull();
    expect(recordingProblemSentence('yielding', 'off', interview)).toBeNull();
    expect(recordingProblemSentence('none', 'live', test)).toBe(
      'No recording is being made on this device: your answers are still transcribed for your estimate, but your teacher cannot listen to them. Use Chrome on a computer or an Android phone if you can, or retake the test on another device.',
    );
    expect(recordingProblemSentence('stopped', 'off', interview)).toBe(
      'The recording stopped on this device: your answers are not transcribed either, so they cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the interview on another device.',
    );
  });
});
