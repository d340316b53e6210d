import { RECORDING_CHUNK_INTERVAL_MS } from '../../../../shared/speaking-test/constants';
import { isInterviewRunning } from './interview-state';
import type { InterviewDraft, InterviewState } from './types';

/*
 * Whether the recorder is making a recording, in every browser (as the speaking test checks its
 * own): a recorder that yields nothing (a missing plugin, a broken encoder) or stops yielding is
 * possible anywhere. Checked 5 s after Start and then every 5 s while the interview runs; the state
 * says what is true (`recorder`), the active view and a toast tell the student, the completed view
 * and the save say what was made. The interview's recording starts only after the greeting and the
 * first question, and pauses between answers, so a missing piece counts only after the recorder
 * has been recording RECORDING_STALL_MS since the count last grew: time the edge measures as it
 * really passes, pauses left out (simulator/recording-stopwatch.ts).
 */

export const RECORDING_CHECK_DELAY_MS = 5_000;
export const RECORDING_RECHECK_MS = 5_000;
/** The recorder hands over a piece every second while it records: three seconds without one is a failure. */
export const RECORDING_STALL_MS = 3 * RECORDING_CHUNK_INTERVAL_MS;

export const NO_RECORDING_TOAST = {
  title: 'No recording',
  message: 'This device is not recording your answers. Use Chrome if you can, or retake the interview on another device.',
} as const;
export const RECORDING_STOPPED_TOAST = {
  title: 'Recording stopped',
  message: 'This device stopped recording your answers. Use Chrome if you can, or retake the interview on another device.',
} as const;

/** At Start. */
export function scheduleRecordingCheck(draft: InterviewDraft): void {
  draft.schedule('recordingCheck', RECORDING_CHECK_DELAY_MS);
}

/** TIMER recordingCheck: the edge counts the recorder's pieces (RECORDING_CHECKED); the next check follows in 5 s. */
export function onRecordingCheckTimer(draft: InterviewDraft): void {
  if (!isInterviewRunning(draft.state)) return;
  draft.emit({ type: 'checkRecording' });
  draft.schedule('recordingCheck', RECORDING_RECHECK_MS);
}

/**
 * RECORDING_CHECKED: a count that grew is 'yielding'; no growth over RECORDING_STALL_MS of recording
 * is 'none' (not a piece at all) or 'stopped'; each is told once by a toast, and by the active view
 * while it lasts. Less recording than that since the last growth tells nothing yet.
 */
export function onRecordingChecked(draft: InterviewDraft, chunkCount: number, recorded: number): void {
  const { state } = draft;
  if (!isInterviewRunning(state)) return;
  const before = state.recorder;
  if (chunkCount > before.chunks) {
    draft.state.recorder = { status: 'yielding', chunks: chunkCount, countedAtMs: recorded };
    return;
  }
  if (recorded - before.countedAtMs < RECORDING_STALL_MS) return;
  const status = chunkCount === 0 ? 'none' : 'stopped';
  draft.state.recorder = { ...before, status };
  if (status === before.status) return;
  draft.emit({ type: 'toast', kind: 'error', ...(status === 'none' ? NO_RECORDING_TOAST : RECORDING_STOPPED_TOAST) });
}

/** What the active view says while the recorder gives nothing (null while it records, or before it can tell). */
export function recordingProblem(state: Pick<InterviewState, 'recorder' | 'transcription'>): { title: string; text: string } | null {
  const status = state.recorder.status;
  if (status !== 'none' && status !== 'stopped') return null;
  const what = status === 'none' ? 'No recording is being made on this device' : 'The recording stopped on this device';
  const consequence =
    state.transcription === 'live'
      ? 'your answers are still transcribed for your scores, but your teacher cannot listen to them'
      : 'your answers are not transcribed either, so they cannot be scored';
  return {
    title: status === 'none' ? NO_RECORDING_TOAST.title : RECORDING_STOPPED_TOAST.title,
    text: `${what}: ${consequence}. Use Chrome if you can, or retake the interview on another device.`,
  };
}
