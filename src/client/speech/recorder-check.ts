/*
 * Whether the recorder is making a recording: the one rule both voice flows check it by (the speaking
 * test's flow/recorder-check.ts and the interview's). SPEC.md section 4 asks for a check on Apple
 * devices 5 s after the recording starts; a recorder that yields nothing (a missing plugin, a broken
 * encoder) or stops yielding is possible in any browser, so both flows check every device 5 s after
 * the start and then 5 s after each check is answered. The edge answers a check with the recorder's piece count
 * and the time it has been asked to record, measured as it really passes, pauses left out
 * (./recording-stopwatch.ts): a page clock run forward is not a recorder that stopped. Each flow
 * keeps where the verdict lives in its state, how it tells the student, and when it checks at all.
 */
import { APPLE_RECORDING_CHECK_DELAY_MS, RECORDING_CHUNK_INTERVAL_MS } from '../../shared/speaking-test/constants.js';
import type { RecordingProblemWords, RetakeWhat } from './recorder-support.js';

/** The first check after the start (the spec's Apple check, on every device). */
export const RECORDING_CHECK_DELAY_MS = APPLE_RECORDING_CHECK_DELAY_MS;
/** Between later checks, counted from the edge's answer to the one before. */
export const RECORDING_RECHECK_MS = 5_000;
/** The recorder hands over a piece every second while it records: three seconds of recording without one is a failure. */
export const RECORDING_STALL_MS = 3 * RECORDING_CHUNK_INTERVAL_MS;

/**
 * What the recorder gave: 'unknown' until it has recorded long enough to tell, 'yielding', 'none'
 * (not a piece since it started) or 'stopped' (no new piece).
 */
type RecorderStatus = 'unknown' | 'yielding' | 'none' | 'stopped';

export interface RecorderCheck {
  status: RecorderStatus;
  /** Pieces counted when the count last grew (0 before). */
  chunks: number;
  /** Time recorded (the edge's, pauses left out) when the count last grew, or 0: a stall is measured from here. */
  countedAtMs: number;
}

interface RecorderVerdict {
  recorder: RecorderCheck;
  /** The failure the student is to be told of now (once, when the status turns to it), else null. */
  tell: 'none' | 'stopped' | null;
}

/**
 * One check: a count that grew is 'yielding'; no growth over RECORDING_STALL_MS of recording is
 * 'none' (not a piece at all) or 'stopped'. Less recording than that since the last growth tells
 * nothing yet: the status stays as it was.
 */
export function judgeRecorder(before: RecorderCheck, chunkCount: number, recordedMs: number): RecorderVerdict {
  if (chunkCount > before.chunks) return { recorder: { status: 'yielding', chunks: chunkCount, countedAtMs: recordedMs }, tell: null };
  if (recordedMs - before.countedAtMs < RECORDING_STALL_MS) return { recorder: before, tell: null };
  const status = chunkCount === 0 ? 'none' : 'stopped';
  return { recorder: { ...before, status }, tell: status === before.status ? null : status };
}


/** What every recorder failure text ends with. */
function retakeAdvice(what: RetakeWhat): string {
  return `Use Chrome on a computer or an Android phone if you can, or retake the ${what} on another device.`;
}

interface RecorderToast {
  title: string;
  text: string;
}

/** The toasts told once when the recorder gives nothing ('none') or stops ('stopped'), in the flow's words. */
export function recorderToasts(what: RetakeWhat): Record<'none' | 'stopped', RecorderToast> {
  return {
    none: { title: 'No recording', text: `This device is not recording your answers. ${retakeAdvice(what)}` },
    stopped: { title: 'Recording stopped', text: `This device stopped recording your answers. ${retakeAdvice(what)}` },
  };
}

/** What the screen says while the recorder gives nothing (null while it records, or before it can tell). */
export function recordingProblemSentence(status: RecorderStatus, transcription: 'live' | 'off', words: RecordingProblemWords): string | null {
  if (status !== 'none' && status !== 'stopped') return null;
  const what = status === 'none' ? 'No recording is being made on this device' : 'The recording stopped on this device';
  const consequence =
    transcription === 'live'
      ? `your answers are still transcribed for your ${words.result}, but your teacher cannot listen to them`
      : 'your answers are not transcribed either, so they cannot be scored';
  return `${what}: ${consequence}. ${retakeAdvice(words.retake)}`;
}
