import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useBlocker, useNavigate, type Blocker } from 'react-router';
import type { SaveInterviewSessionBody } from '../../../../shared/api/interview';
import { INTERVIEW_RECOGNITION_RESTART_MS } from '../../../../shared/interview/constants';
import type { InterviewQuestion } from '../../../../shared/interview/questions';
import { readDeviceInfo } from '../../../lib/device';
import { toastError, toastSuccess } from '../../../lib/notify';
import { browserOutbox, useOutboxStatus, type OutboxStatus } from '../../../lib/outbox';
import {
  createAudioRecorder,
  createExaminerVoice,
  createRecognizer,
  findSpeechRecognition,
  interviewRecognitionLang,
  interviewVoiceSettings,
  releaseStream,
  requestMicrophone,
  startVoiceMeter,
  type AudioRecorder,
  type ExaminerVoice,
  type Recognizer,
  type RecordingResult,
  type VoiceMeter,
} from '../../../speech';
import {
  initialInterviewState,
  interviewReducer,
  isInterviewRunning,
  type InterviewCommand,
  type InterviewEvent,
  type InterviewState,
  type InterviewTimer,
} from '../flow';

/*
 * The edge of the mock interview: owns the pure reducer (../flow) and carries out each new batch of
 * its commands exactly once on the real browser boundary (microphone, examiner voice, recognizer,
 * the one continuous recording, timers keyed by name, toasts, saving, navigation), feeding what
 * happens back as events. Everything is released on unmount.
 */

/** Set while an interview runs in this tab: a reload finds it, ends the session and goes to '/' (spec section 4). */
export const ACTIVE_INTERVIEW_KEY = 'parley.interview.active';

type EventWithoutClock = InterviewEvent extends infer E ? (E extends InterviewEvent ? Omit<E, 'now'> : never) : never;

interface Boundary {
  voice: ExaminerVoice;
  recognizer: Recognizer;
  recorder: AudioRecorder;
  stream: MediaStream | null;
  /** The microphone's level, where the browser cannot transcribe: answers end on its silence. */
  voiceMeter: VoiceMeter | null;
  timers: Map<InterviewTimer, ReturnType<typeof setTimeout>>;
  /** The stopped recording, once stopRecording has been carried out. */
  recording: Promise<RecordingResult | null> | null;
  unsubscribe: Array<() => void>;
  disposed: boolean;
}

export interface InterviewSessionOptions {
  questions: readonly InterviewQuestion[];
  studentName: string;
  /** The signed-in user (the outbox sends only while they are signed in). */
  userId: number;
}

export interface InterviewSession {
  state: InterviewState;
  dispatch: (event: EventWithoutClock) => void;
  /** The attempt id once the interview has been handed to the outbox. */
  attemptId: string | null;
  saveStatus: OutboxStatus;
  /** The stopped recording (compressed, as recorded), null when there is none. */
  recording: RecordingResult | null;
  /** Blocks in-app navigation while the interview runs (the spec's leave confirmation). */
  blocker: Blocker;
}

/** The browser's leave confirmation (spec section 4). */
export const LEAVE_CONFIRMATION = 'Are you sure you want to leave? This will end your interview session.';

function logInfo(message: string, detail?: unknown): void {
  // Not console.error: these are expected, recoverable conditions (spec section 8: "only logged").
  console.info(`[interview] ${message}`, detail ?? '');
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function useInterviewSession({ questions, studentName, userId }: InterviewSessionOptions): InterviewSession {
  const navigate = useNavigate();
  const [state, rawDispatch] = useReducer(interviewReducer, undefined, () =>
    initialInterviewState({ questions, studentName, now: Date.now(), recognition: findSpeechRecognition() !== undefined }),
  );
  const dispatch = useCallback((event: EventWithoutClock) => rawDispatch({ ...event, now: Date.now() } as InterviewEvent), []);
  const boundary = useRef<Boundary | null>(null);
  const lastBatch = useRef<InterviewState['commands'] | null>(null);
  const attemptIdRef = useRef<string | null>(null);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [recording, setRecording] = useState<RecordingResult | null>(null);
  const saveStatus = useOutboxStatus(attemptId);
  /** Set just before the flow's own navigation (page hide), which must not be blocked. */
  const leaving = useRef(false);

  // The boundary lives as long as the page; StrictMode's second mount gets a fresh one.
  useEffect(() => {
    const device = readDeviceInfo();
    const voice = createExaminerVoice(interviewVoiceSettings());
    // Chrome ends sessions on its own (silence, ~60 s): the recognizer starts a new one 1 s later while
    // the flow still listens (spec section 4), keeping one answer; an end for good (an error, Android's
    // restart cap) reaches the flow, which restarts after 1 s itself.
    const recognizer = createRecognizer({ lang: interviewRecognitionLang(), isAndroid: device.isAndroid, restartDelayMs: INTERVIEW_RECOGNITION_RESTART_MS });
    const recorder = createAudioRecorder({ isApple: device.isApple, onError: (error) => logInfo('recording error', error.message) });
    const current: Boundary = { voice, recognizer, recorder, stream: null, voiceMeter: null, timers: new Map(), recording: null, unsubscribe: [], disposed: false };
    const send = (event: EventWithoutClock) => {
      if (!current.disposed) dispatch(event);
    };
    current.unsubscribe.push(
      recognizer.on('interim', (text) => send({ type: 'INTERIM', text })),
      recognizer.on('final', (segment) => send({ type: 'FINAL', text: segment.text, confidence: segment.confidence })),
      recognizer.on('error', (error) => send({ type: 'RECOGNITION_ERROR', code: error.code, message: error.message })),
      recognizer.on('end', () => send({ type: 'RECOGNITION_ENDED' })),
    );
    boundary.current = current;
    return () => {
      current.disposed = true;
      for (const off of current.unsubscribe) off();
      for (const handle of current.timers.values()) clearTimeout(handle);
      current.timers.clear();
      voice.dispose();
      recognizer.abort();
      if (recorder.state !== 'inactive') void recorder.stop().catch(() => undefined);
      current.voiceMeter?.stop();
      releaseStream(current.stream);
      if (boundary.current === current) boundary.current = null;
    };
  }, [dispatch]);

  const submit = useCallback(
    async (current: Boundary, sessionData: SaveInterviewSessionBody['sessionData']) => {
      const id = (attemptIdRef.current ??= crypto.randomUUID());
      const recorded = current.recording ? await current.recording : null;
      const body: SaveInterviewSessionBody = { attemptId: id, sessionData };
      try {
        await browserOutbox().submit({
          id,
          kind: 'interview',
          ownerUserId: userId,
          saveUrl: '/api/interview-sessions',
          body,
          recording: recorded && recorded.blob.size > 0 ? { blob: recorded.blob, mimeType: recorded.mimeType } : null,
        });
        setAttemptId(id);
      } catch (error) {
        dispatch({ type: 'SAVE_RESULT', ok: false, message: error instanceof Error ? error.message : String(error) });
      }
    },
    [dispatch, userId],
  );

  const run = useCallback(
    (current: Boundary, command: InterviewCommand) => {
      const send = (event: EventWithoutClock) => {
        if (!current.disposed) dispatch(event);
      };
      switch (command.type) {
        case 'requestMicrophone':
          void requestMicrophone({ isApple: readDeviceInfo().isApple }).then(
            (stream) => {
              if (current.disposed) return releaseStream(stream);
              releaseStream(current.stream);
              current.stream = stream;
              send({ type: 'MIC_GRANTED' });
            },
            (error: unknown) => {
              logInfo('microphone refused', error instanceof Error ? error.message : error);
              send({ type: 'MIC_DENIED' });
            },
          );
          return;
        case 'speak':
          void current.voice.speak(command.text).then((result) => {
            if (result.outcome !== 'ended') logInfo(`speech ${command.id}: ${result.outcome}`, result.error);
            send({ type: 'SPEECH_DONE', id: command.id, outcome: result.outcome });
          });
          return;
        case 'cancelSpeech':
          current.voice.cancel();
          return;
        case 'startListening':
          void current.recognizer.start();
          return;
        case 'stopListening':
          void current.recognizer.stop();
          return;
        case 'startRecording':
          if (!current.stream) return logInfo('no microphone stream to record');
          try {
            current.recorder.start(current.stream);
          } catch (error) {
            logInfo('recording did not start', error instanceof Error ? error.message : error);
          }
          return;
        case 'startVoiceMeter':
          current.voiceMeter?.stop();
          current.voiceMeter = current.stream
            ? startVoiceMeter(current.stream, { onChange: (change) => send({ type: 'VOICE', speaking: change.speaking, at: change.at }) })
            : null;
          return;
        case 'stopVoiceMeter':
          current.voiceMeter?.stop();
          current.voiceMeter = null;
          return;
        case 'pauseRecording':
          current.recorder.pause();
          return;
        case 'resumeRecording':
          current.recorder.resume();
          return;
        case 'stopRecording': {
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
            setRecording(result && result.blob.size > 0 ? result : null);
            send({ type: 'AUDIO_READY', hasAudio: !!result && result.blob.size > 0 });
          });
          return;
        }
        case 'schedule': {
          const pending = current.timers.get(command.timer);
          if (pending !== undefined) clearTimeout(pending);
          const timer = command.timer;
          current.timers.set(
            timer,
            setTimeout(() => {
              current.timers.delete(timer);
              send({ type: 'TIMER', timer });
            }, command.delayMs),
          );
          return;
        }
        case 'cancelTimer': {
          const pending = current.timers.get(command.timer);
          if (pending !== undefined) clearTimeout(pending);
          current.timers.delete(command.timer);
          return;
        }
        case 'toast':
          if (command.kind === 'success') toastSuccess(command.title, command.message);
          else toastError(command.title, command.message);
          return;
        case 'log':
          logInfo(command.message, command.detail);
          return;
        case 'save':
          void submit(current, command.sessionData);
          return;
        case 'navigate':
          leaving.current = true;
          void navigate(command.to, { replace: true });
          return;
      }
    },
    [dispatch, navigate, submit],
  );

  // Each new batch of commands runs once, in order, then is taken off the queue.
  useEffect(() => {
    const current = boundary.current;
    const batch = state.commands;
    if (!current || batch.length === 0 || lastBatch.current === batch) return;
    lastBatch.current = batch;
    for (const command of batch) run(current, command);
    dispatch({ type: 'COMMANDS_TAKEN', count: batch.length });
  }, [state.commands, run, dispatch]);

  // The outbox's answer ends the save: its toasts come from the reducer.
  useEffect(() => {
    if (saveStatus.state === 'saved') dispatch({ type: 'SAVE_RESULT', ok: true });
    else if (saveStatus.state === 'failed') dispatch({ type: 'SAVE_RESULT', ok: false, message: saveStatus.message });
  }, [saveStatus, dispatch]);

  // A reload during an interview ends it: the new page goes to '/' (the flag outlives the reload).
  const running = isInterviewRunning(state);
  useEffect(() => {
    const storage = safeSessionStorage();
    if (running) storage?.setItem(ACTIVE_INTERVIEW_KEY, '1');
    else storage?.removeItem(ACTIVE_INTERVIEW_KEY);
  }, [running]);
  // Leaving inside the app unmounts the page: not a reload, so the next visit starts afresh.
  useEffect(() => () => safeSessionStorage()?.removeItem(ACTIVE_INTERVIEW_KEY), []);

  // Page hide (closing, reloading, leaving for another site) ends a running interview.
  useEffect(() => {
    if (!running) return undefined;
    const onPageHide = () => dispatch({ type: 'PAGE_HIDDEN' });
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [running, dispatch]);

  // The leave confirmation: in-app navigation asks first; closing or reloading gets the browser's own.
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        running && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
      [running],
    ),
  );
  useEffect(() => {
    if (!running) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = LEAVE_CONFIRMATION;
      return LEAVE_CONFIRMATION;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  return { state, dispatch, attemptId, saveStatus, recording, blocker };
}
