import type { SaveInterviewSessionBody } from '../../../../shared/api/interview';
import { readDeviceInfo } from '../../../lib/device';
import type { Effects, WithoutNow } from '../../../lib/flow/runtime';
import { loadToasts } from '../../../lib/load-toasts';
import { toastError, toastSuccess } from '../../../lib/notify';
import { browserOutbox } from '../../../lib/outbox';
import { randomUuid } from '../../../lib/uuid';
import {
  createAudioRecorder,
  createExaminerVoice,
  createRecognizer,
  canRecord,
  describeMicrophoneError,
  interviewRecognitionLang,
  interviewVoiceSettings,
  releaseStream,
  requestMicrophone,
  startVoiceMeter,
  type AudioRecorder,
  type ExaminerVoice,
  type Recognizer,
  recordingStopwatch,
  type RecordingResult,
  type RecordingStopwatch,
  type VoiceMeter,
} from '../../../speech';
import { RECOGNITION_RESTART_DELAY_MS, sessionWithoutRecording, type InterviewEffect, type InterviewEvent } from '../flow';

/*
 * The mock interview's effects: the flow's commands carried out on the browser (microphone stream,
 * examiner voice, recognizer, the one continuous recording, the voice meter, toasts, the outbox,
 * navigation), with what happens fed back to the flow as events. The flow runtime runs the timers.
 * What they hold on the browser opens with the first command and is released by `close`.
 */

type Send = (event: WithoutNow<InterviewEvent>) => void;

/** What the effects reach in the page. */
export interface InterviewEdge {
  /** The signed-in user (the outbox sends only while they are signed in). */
  userId: number;
  /** The stopped recording, for the downloads and the completed view (null: none). */
  setRecording: (recording: RecordingResult | null) => void;
  /** The finished interview is in the outbox under this attempt id (the page follows its status). */
  setAttemptId: (id: string) => void;
  /** The flow's own navigation (page hide), which the leave confirmation must not block. */
  leave: (to: string) => void;
}

interface Boundary {
  voice: ExaminerVoice;
  recognizer: Recognizer;
  recorder: AudioRecorder;
  /** How long the flow has asked for recording, for the recorder check. */
  recorded: RecordingStopwatch;
  stream: MediaStream | null;
  /** The microphone's level, where the browser cannot transcribe: answers end on its silence. */
  voiceMeter: VoiceMeter | null;
  /** The stopped recording, once stopRecording has been carried out. */
  recording: Promise<RecordingResult | null> | null;
  unsubscribe: Array<() => void>;
  disposed: boolean;
  /** Sends to the flow until the boundary is closed. */
  send: Send;
}

export interface InterviewEffects {
  run: Effects<InterviewEvent, InterviewEffect>;
  /** Releases everything the effects hold; nothing they started reaches the flow afterwards. */
  close: () => void;
}

function logInfo(message: string, detail?: unknown): void {
  // Not console.error: these are expected, recoverable conditions (spec section 8: "only logged").
  console.info(`[interview] ${message}`, detail ?? '');
}

function openBoundary(dispatch: Send): Boundary {
  const device = readDeviceInfo();
  const voice = createExaminerVoice(interviewVoiceSettings());
  // The flow's rule 'recognition restarts after 1 s while still listening' (see RECOGNITION_RESTART_DELAY_MS):
  // the recognizer applies it to the sessions Chrome ends on its own.
  const recognizer = createRecognizer({ lang: interviewRecognitionLang(), isAndroid: device.isAndroid, restartDelayMs: RECOGNITION_RESTART_DELAY_MS });
  const recorder = createAudioRecorder({ isApple: device.isApple, onError: (error) => logInfo('recording error', error.message) });
  const current: Boundary = {
    voice,
    recognizer,
    recorder,
    recorded: recordingStopwatch(),
    stream: null,
    voiceMeter: null,
    recording: null,
    unsubscribe: [],
    disposed: false,
    send: (event) => {
      if (!current.disposed) dispatch(event);
    },
  };
  const { send } = current;
  current.unsubscribe.push(
    recognizer.on('interim', (text) => send({ type: 'INTERIM', text })),
    recognizer.on('final', (segment) => send({ type: 'FINAL', text: segment.text, confidence: segment.confidence })),
    recognizer.on('error', (error) => send({ type: 'RECOGNITION_ERROR', code: error.code, message: error.message })),
    recognizer.on('end', () => send({ type: 'RECOGNITION_ENDED' })),
  );
  return current;
}

function closeBoundary(current: Boundary): void {
  current.disposed = true;
  for (const off of current.unsubscribe) off();
  current.voice.dispose();
  current.recognizer.abort();
  if (current.recorder.state !== 'inactive') void current.recorder.stop().catch(() => undefined);
  current.voiceMeter?.stop();
  releaseStream(current.stream);
}

/** Hands the finished interview, with its recording once stopped, to the outbox (one attempt id per interview). */
async function save(current: Boundary, sessionData: SaveInterviewSessionBody['sessionData'], edge: InterviewEdge, id: string): Promise<void> {
  const recorded = current.recording ? await current.recording : null;
  const made = recorded !== null && recorded.blob.size > 0;
  try {
    await browserOutbox().submit({
      id,
      kind: 'interview',
      ownerUserId: edge.userId,
      saveUrl: '/api/interview-sessions',
      // The server is told when no recording was made: without a transcript there is then nothing to score.
      body: { attemptId: id, sessionData: made ? sessionData : sessionWithoutRecording(sessionData) } satisfies SaveInterviewSessionBody,
      recording: made ? { blob: recorded.blob, mimeType: recorded.mimeType } : null,
    });
    edge.setAttemptId(id);
  } catch (error) {
    current.send({ type: 'SAVE_RESULT', ok: false, message: error instanceof Error ? error.message : String(error) });
  }
}

function stopRecording(current: Boundary, edge: InterviewEdge): void {
  const stopped = current.recorder.stop().then(
    (result) => result,
    (error: unknown) => {
      logInfo('recording did not stop cleanly', error instanceof Error ? error.message : error);
      return null;
    },
  );
  current.recording = stopped;
  void stopped.then((result) => {
    if (current.disposed) return;
    edge.setRecording(result && result.blob.size > 0 ? result : null);
    current.send({ type: 'AUDIO_READY', hasAudio: !!result && result.blob.size > 0 });
  });
}

function carryOut(current: Boundary, command: InterviewEffect, edge: InterviewEdge, attemptId: () => string): void {
  const { send } = current;
  switch (command.type) {
    case 'requestMicrophone': {
      const { isApple, isAndroid } = readDeviceInfo();
      void requestMicrophone({ isApple, isAndroid }).then(
        (stream) => {
          if (current.disposed) return releaseStream(stream);
          releaseStream(current.stream);
          current.stream = stream;
          // Whether this browser can record it at all: the welcome view says so before Start when not.
          send({ type: 'MIC_GRANTED', canRecord: canRecord(stream, { isApple }) });
        },
        (error: unknown) => {
          const message = describeMicrophoneError(error, isApple, isAndroid).message;
          logInfo('microphone refused', message);
          send({ type: 'MIC_DENIED', message });
        },
      );
      return;
    }
    case 'speak':
      void current.voice.speak(command.text).then((result) => {
        if (result.outcome !== 'ended') logInfo(`speech ${command.id}: ${result.outcome}`, result.error);
        send({ type: 'SPEECH_DONE', id: command.id, outcome: result.outcome });
      });
      return;
    case 'cancelSpeech':
      return current.voice.cancel();
    case 'startListening':
      void current.recognizer.start();
      return;
    case 'stopListening':
      void current.recognizer.stop();
      return;
    case 'startRecording':
      loadToasts();
      current.recorded.run();
      if (!current.stream) return logInfo('no microphone stream to record');
      try {
        current.recorder.start(current.stream);
      } catch (error) {
        logInfo('recording did not start', error instanceof Error ? error.message : error);
      }
      return;
    case 'pauseRecording':
      current.recorded.hold();
      return current.recorder.pause();
    case 'resumeRecording':
      current.recorded.run();
      return current.recorder.resume();
    case 'stopRecording':
      current.recorded.hold();
      return stopRecording(current, edge);
    case 'startVoiceMeter':
      current.voiceMeter?.stop();
      current.voiceMeter = current.stream ? startVoiceMeter(current.stream, { onChange: (change) => send({ type: 'VOICE', speaking: change.speaking, at: change.at }) }) : null;
      return;
    case 'checkRecording':
      send({ type: 'RECORDING_CHECKED', chunkCount: current.recorder.chunkCount, recordedMs: current.recorded.elapsed() });
      return;
    case 'stopVoiceMeter':
      current.voiceMeter?.stop();
      current.voiceMeter = null;
      return;
    case 'toast':
      if (command.kind === 'success') toastSuccess(command.title, command.message);
      else toastError(command.title, command.message);
      return;
    case 'log':
      return logInfo(command.message, command.detail);
    case 'save':
      void save(current, command.sessionData, edge, attemptId());
      return;
    case 'navigate':
      return edge.leave(command.to);
  }
}

/** The effects of one interview; `edge` gives the page's latest callbacks. */
export function interviewEffects(edge: () => InterviewEdge): InterviewEffects {
  let boundary: Boundary | null = null;
  let attemptId: string | null = null;
  return {
    run(command, send) {
      boundary ??= openBoundary(send);
      carryOut(boundary, command, edge(), () => (attemptId ??= randomUuid()));
    },
    close() {
      if (boundary) closeBoundary(boundary);
      boundary = null;
    },
  };
}
