/*
 * What the speaking test's edge holds on the browser while the page is open (use-speaking-test.ts):
 * one mutable object, kept in a ref, that every command runner reads and writes. Everything it
 * holds (microphone tracks, the voice, recognition, the recorder) stops on unmount; the flow runtime
 * holds the flow's timers.
 */
import { randomUuid } from '../../../lib/uuid';
import { releaseStream, type SilentStream } from '../../../speech/microphone';
import type { ExaminerVoice } from '../../../speech/voice';
import type { Recognizer } from '../../../speech/recognizer-types';
import type { AudioRecorder } from '../../../speech/recorder';
import type { RecordingStopwatch } from '../../../speech/recording-stopwatch';
import type { VoiceMeter } from '../../../speech/voice-activity';
import type { createRepeatFilter } from '../flow/android';
import type { SchoolQuestionLookup } from '../../../../shared/speaking-test/school-questions';

export interface TestRecording {
  blob: Blob;
  mimeType: string;
}

export interface EdgeResources {
  stream: MediaStream | null;
  /** Demo mode's empty audio stream. */
  silent: SilentStream | null;
  voice: ExaminerVoice | null;
  recognizer: Recognizer | null;
  recorder: AudioRecorder | null;
  /** How long the test has asked for recording, in time that really passed, for the recorder check (null before Start Test). */
  recorded: RecordingStopwatch | null;
  voiceMeter: VoiceMeter | null;
  /** Set when the recording stops: the recording, or null when nothing was recorded. */
  recordingDone: Promise<TestRecording | null> | null;
  attemptId: string;
  /** Stops watching the outbox for the attempt's status. */
  stopWatching: (() => void) | null;
  /** Android's repeated finals filter, made with the first final (listening.ts: the running test's code). */
  androidRepeats: ReturnType<typeof createRepeatFilter> | null;
  /** When recognition was last started, and the pending delayed start (MIN_LISTEN_RESTART_MS). */
  lastListenStart: number;
  listenTimer: number | null;
  /** The post-test session ended and the device was signed out: /auth then shows its sign-in form. */
  signedOut: boolean;
  /** The school's own questions the test drew from: the off-topic check judges answers to them. */
  school: SchoolQuestionLookup | null;
}

export function createEdgeResources(): EdgeResources {
  return {
    stream: null,
    silent: null,
    voice: null,
    recognizer: null,
    recorder: null,
    recorded: null,
    voiceMeter: null,
    recordingDone: null,
    attemptId: randomUuid(),
    stopWatching: null,
    androidRepeats: null,
    lastListenStart: Number.NEGATIVE_INFINITY,
    listenTimer: null,
    signedOut: false,
    school: null,
  };
}

/** Unmount: stop everything this page started. */
export function releaseEdgeResources(resources: EdgeResources): void {
  if (resources.listenTimer !== null) window.clearTimeout(resources.listenTimer);
  resources.stopWatching?.();
  resources.voice?.dispose();
  resources.voice = null;
  resources.recognizer?.abort();
  resources.recognizer = null;
  void resources.recorder?.stop().catch(() => null);
  resources.recorder = null;
  resources.voiceMeter?.stop();
  resources.voiceMeter = null;
  releaseStream(resources.stream);
  resources.stream = null;
  void resources.silent?.close();
  resources.silent = null;
}
