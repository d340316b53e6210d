/*
 * The speaking test's edge: owns the pure reducer (flow/) and runs each new command batch once on
 * the real browser boundary (src/client/speech), the durable outbox and the router. Everything it
 * starts (microphone tracks, the voice, recognition, the recorder, timers) stops on unmount.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { StudentProfile, User } from '../../../shared/api/auth';
import { selectQuestionSet } from '../../../shared/speaking-test/questions';
import { apiGet, apiPost } from '../../lib/api';
import { forgetSignedOutUser } from '../../lib/auth/mutations';
import { readDeviceInfo, type DeviceInfo } from '../../lib/device';
import { toastError, toastSuccess } from '../../lib/notify';
import { browserOutbox } from '../../lib/outbox';
import { clearStudentInfo, readStudentInfo } from '../../lib/student-info';
import {
  createAudioRecorder,
  createExaminerVoice,
  createRecognizer,
  createSilentStream,
  describeMicrophoneError,
  findSpeechRecognition,
  releaseStream,
  requestMicrophone,
  speakingTestRecognitionLang,
  speakingTestVoiceSettings,
  startVoiceMeter,
  trimRepeatedFinal,
  type AudioRecorder,
  type ExaminerVoice,
  type Recognizer,
  type SilentStream,
  type VoiceMeter,
} from '../../speech';
import {
  initialState,
  selectScreen,
  speakingTestReducer,
  type Command,
  type DeviceKind,
  type ScreenView,
  type SpeakingTestEvent,
  type SpeakingTestState,
  type TimerName,
} from './flow';
import { sendDeviceDebug } from './device-debug';
import { buildSaveTestSessionBody } from './save-body';

export const TEST_SESSIONS_URL = '/api/test-sessions';
/** Recording chunks every second (spec section 9). */
const RECORDING_TIMESLICE_MS = 1000;

export interface TestRecording {
  blob: Blob;
  mimeType: string;
}

type WithoutNow<E> = E extends unknown ? Omit<E, 'now'> : never;
type EventWithoutNow = WithoutNow<SpeakingTestEvent>;

/** Part 2 listens again after a recognition session ends; never sooner than this after the last start. */
export const MIN_LISTEN_RESTART_MS = 1000;

function answerKey(state: SpeakingTestState): string | null {
  return state.answer ? `${state.answer.part}-${state.answer.questionNumber}` : null;
}

function normalisedWords(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''))
    .filter(Boolean);
}

/**
 * Android re-sends earlier finals when recognition starts again. The recognizer drops them within
 * one start(); the flow restarts it itself, so the repeats across restarts of one answer go here.
 */
export function createRepeatFilter() {
  let key: string | null = null;
  let words: string[] = [];
  let last: string[] = [];
  return {
    accept(answer: string | null, text: string): string {
      if (answer !== key) {
        key = answer;
        words = [];
        last = [];
      }
      const kept = trimRepeatedFinal(text, [words], last);
      last = normalisedWords(text);
      words = [...words, ...normalisedWords(kept)];
      return kept;
    },
  };
}

export function deviceKindOf(info: Pick<DeviceInfo, 'isAndroid' | 'isApple'>): DeviceKind {
  return info.isAndroid ? 'android' : info.isApple ? 'apple' : 'desktop';
}

/** The student the attempt is saved for: stored info, the teacher's acting student, or the student's own record. */
async function findStudentId(user: User | null | undefined): Promise<number | null> {
  const stored = readStudentInfo();
  if (stored) return stored.id;
  if (!user) return null;
  if (user.actingStudent) return user.actingStudent.id;
  if (user.isAdmin) return null;
  try {
    const profile = await apiGet<StudentProfile>('/api/student/profile');
    return profile.student.id;
  } catch {
    return null;
  }
}

export interface SpeakingTest {
  state: SpeakingTestState;
  screen: ScreenView;
  device: DeviceInfo;
  /** Null until the test completes and the recording has stopped (or when nothing was recorded). */
  recording: TestRecording | null;
  /** Set once the attempt was handed to the outbox; null when nothing was submitted. */
  attemptId: string | null;
  completedAt: number | null;
  requestMicrophone: () => void;
  continueInDemoMode: () => void;
  startTest: () => void;
  /** After a recognition failure: restart recognition and ask the question again. */
  retryRecognition: () => void;
  /** After a recognition failure: go on, answers ending on acoustic silence. */
  continueWithoutTranscript: () => void;
  repeatQuestion: () => void;
  setPart2Notes: (text: string) => void;
  /** In the post-test session's last minute: keep reading (the 5 minutes start again). */
  stayInSession: () => void;
  /** Set before a navigation the page itself makes, so the leave guard lets it pass. */
  leaveAllowed: { current: boolean };
}

export function useSpeakingTest(user: User | null | undefined): SpeakingTest {
  const device = useMemo(() => readDeviceInfo(), []);
  const kind = deviceKindOf(device);
  // The reducer runs inside send() rather than in React's render, so each event's commands run at
  // once, in the same task (a timer's next tick is scheduled when the tick fires, not after a render).
  const [state, setState] = useState(() =>
    initialState({ questions: selectQuestionSet(Math.random), device: kind, now: Date.now(), recognition: findSpeechRecognition() !== undefined }),
  );
  const current = useRef(state);
  const runRef = useRef<(command: Command) => void>(() => undefined);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** The post-test session ended and the device was signed out: /auth then shows its sign-in form. */
  const signedOut = useRef(false);
  const [recording, setRecording] = useState<TestRecording | null>(null);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [completedAt, setCompletedAt] = useState<number | null>(null);

  const mounted = useRef(true);
  const userRef = useRef(user);
  userRef.current = user;
  const lastBatch = useRef(-1);
  const timers = useRef(new Map<TimerName, number>());
  const stream = useRef<MediaStream | null>(null);
  const silent = useRef<SilentStream | null>(null);
  const voice = useRef<ExaminerVoice | null>(null);
  const recognizer = useRef<Recognizer | null>(null);
  const recorder = useRef<AudioRecorder | null>(null);
  const voiceMeter = useRef<VoiceMeter | null>(null);
  const recordingDone = useRef<Promise<TestRecording | null> | null>(null);
  const answeredAt = useRef<number[]>([]);
  const attemptIdRef = useRef<string>(crypto.randomUUID());
  const stopWatching = useRef<(() => void) | null>(null);
  const leaveAllowed = useRef(false);
  const androidRepeats = useRef(createRepeatFilter());
  const lastListenStart = useRef(Number.NEGATIVE_INFINITY);
  const listenTimer = useRef<number | null>(null);

  const send = useCallback((event: EventWithoutNow) => {
    if (!mounted.current) return;
    const next = speakingTestReducer(current.current, { ...event, now: Date.now() } as SpeakingTestEvent);
    current.current = next;
    setState(next);
    for (const command of next.commands) runRef.current(command);
  }, []);

  // When each answer closed: the saved transcript's timestamps.
  useEffect(() => {
    while (answeredAt.current.length < state.answers.length) answeredAt.current.push(Date.now());
  }, [state.answers.length]);

  const getVoice = useCallback((): ExaminerVoice => {
    voice.current ??= createExaminerVoice(speakingTestVoiceSettings(device));
    return voice.current;
  }, [device]);

  const getRecognizer = useCallback((): Recognizer => {
    if (recognizer.current) return recognizer.current;
    // No transparent restarts here: every end of a recognition session reaches the flow, which
    // decides (spec section 4): 2 s later the answer completes on desktop-like devices (also when
    // nothing was said, so a silent student is not stuck), Part 2 listens again, Android restarts
    // at most 3 times and then falls back.
    const created = createRecognizer({ lang: speakingTestRecognitionLang(device), isAndroid: device.isAndroid, maxRestarts: 0 });
    created.on('interim', (text) => send({ type: 'INTERIM', text }));
    created.on('final', (segment) => {
      const text = device.isAndroid ? androidRepeats.current.accept(answerKey(current.current), segment.text) : segment.text;
      if (!text) return;
      send({ type: 'FINAL', text, at: segment.at, ...(segment.confidence === null ? {} : { confidence: segment.confidence }) });
    });
    created.on('firstSpeech', (at) => send({ type: 'FIRST_SPEECH', at }));
    created.on('error', (error) => send({ type: 'RECOGNITION_ERROR', code: error.code, message: error.message }));
    created.on('end', (reason) => {
      // stop() and abort() are the flow's own doing; the other ends are recognition giving up.
      if (reason === 'error' || reason === 'restart-limit') send({ type: 'RECOGNITION_ENDED' });
    });
    recognizer.current = created;
    return created;
  }, [device, send]);

  const scoreAndSave = useCallback(
    async ({ answers, noTranscript, part2Notes }: Extract<Command, { type: 'scoreAndSave' }>) => {
      // Once the test is complete the attempt is submitted even if the page is left meanwhile:
      // the outbox outlives this page (setState after unmount is a no-op).
      const recorded = (await recordingDone.current?.catch(() => null)) ?? null;
      const finishedAt = Date.now();
      setRecording(recorded);
      setCompletedAt(finishedAt);
      const signedIn = userRef.current;
      const studentId = await findStudentId(signedIn);
      if (studentId === null || !signedIn) {
        send({ type: 'SAVE_RESULT', outcome: 'noStudentInfo' });
        return;
      }
      const id = attemptIdRef.current;
      const s = current.current;
      const body = buildSaveTestSessionBody({
        attemptId: id,
        studentId,
        answers,
        startedAt: s.startedAt ?? finishedAt,
        completedAt: finishedAt,
        answeredAt: answeredAt.current,
        demo: s.microphone.demo,
        noTranscript,
        part2Notes,
      });
      const outbox = browserOutbox();
      await outbox.submit({ id, kind: 'test', ownerUserId: signedIn.id, saveUrl: TEST_SESSIONS_URL, body, recording: recorded });
      setAttemptId(id);
      if (!mounted.current) return;
      stopWatching.current = outbox.watch(id, (status) => {
        if (status.state !== 'saved' && status.state !== 'failed') return;
        send({ type: 'SAVE_RESULT', outcome: status.state });
        stopWatching.current?.();
        stopWatching.current = null;
      });
    },
    [send],
  );

  const run = useCallback(
    (command: Command) => {
      switch (command.type) {
        case 'requestMicrophone':
          requestMicrophone({ isApple: device.isApple }).then(
            (granted) => {
              if (!mounted.current) return releaseStream(granted);
              releaseStream(stream.current);
              stream.current = granted;
              for (const track of granted.getAudioTracks()) {
                track.addEventListener('ended', () => send({ type: 'MICROPHONE_ERROR', message: 'The microphone stopped working.' }));
              }
              send({ type: 'MIC_GRANTED' });
            },
            (error: unknown) => send({ type: 'MIC_DENIED', message: describeMicrophoneError(error, device.isApple).message }),
          );
          return;
        case 'createDemoStream':
          silent.current = createSilentStream();
          stream.current = silent.current.stream;
          return;
        case 'speak': {
          const { id, text } = command;
          void getVoice()
            .speak(text)
            .then((result) => send({ type: 'SPEECH_DONE', id, outcome: result.outcome }));
          return;
        }
        case 'startListening': {
          // A recognizer that fails at once (network, refused) would otherwise restart in a tight loop in Part 2.
          const wait = lastListenStart.current + MIN_LISTEN_RESTART_MS - Date.now();
          const start = () => {
            listenTimer.current = null;
            lastListenStart.current = Date.now();
            // Spec section 7: Android reports the device each time listening starts (fire and forget).
            if (device.isAndroid) sendDeviceDebug('listening-start');
            void getRecognizer().start();
          };
          if (listenTimer.current !== null) window.clearTimeout(listenTimer.current);
          if (wait > 0) listenTimer.current = window.setTimeout(start, wait);
          else start();
          return;
        }
        case 'stopListening':
          if (listenTimer.current !== null) window.clearTimeout(listenTimer.current);
          listenTimer.current = null;
          void recognizer.current?.stop();
          return;
        case 'startRecording': {
          if (!stream.current) {
            send({ type: 'RECORDING_ERROR' });
            return;
          }
          const created = createAudioRecorder({ isApple: device.isApple, timesliceMs: RECORDING_TIMESLICE_MS });
          try {
            created.start(stream.current);
            recorder.current = created;
          } catch {
            send({ type: 'RECORDING_ERROR' });
          }
          return;
        }
        case 'stopRecording': {
          const active = recorder.current;
          recordingDone.current = active
            ? active.stop().then((result) => (result.chunkCount > 0 && result.blob.size > 0 ? { blob: result.blob, mimeType: result.mimeType } : null))
            : Promise.resolve(null);
          return;
        }
        case 'startVoiceMeter':
          voiceMeter.current?.stop();
          voiceMeter.current = stream.current
            ? startVoiceMeter(stream.current, { onChange: (change) => send({ type: 'VOICE', speaking: change.speaking, at: change.at }) })
            : null;
          return;
        case 'stopVoiceMeter':
          voiceMeter.current?.stop();
          voiceMeter.current = null;
          return;
        case 'checkRecording':
          send({ type: 'RECORDING_CHECKED', hasChunks: (recorder.current?.chunkCount ?? 0) > 0 });
          return;
        case 'schedule': {
          const { timer, delayMs } = command;
          const previous = timers.current.get(timer);
          if (previous !== undefined) window.clearTimeout(previous);
          timers.current.set(
            timer,
            window.setTimeout(() => {
              timers.current.delete(timer);
              send({ type: 'TIMER', timer });
            }, delayMs),
          );
          return;
        }
        case 'cancelTimer': {
          const handle = timers.current.get(command.timer);
          if (handle !== undefined) window.clearTimeout(handle);
          timers.current.delete(command.timer);
          return;
        }
        case 'scoreAndSave':
          void scoreAndSave(command);
          return;
        case 'clearStudentInfo':
          clearStudentInfo();
          return;
        case 'signOut':
          // The toast says "Please log in again": so it is, and /auth shows its sign-in form rather than
          // "Already Logged In" (issue 16). The user is forgotten only when the page leaves, 2 s later,
          // or the route guard would cut the toast short.
          signedOut.current = true;
          apiPost<null>('/api/logout').catch(() => undefined);
          return;
        case 'navigate':
          leaveAllowed.current = true;
          if (signedOut.current) forgetSignedOutUser(queryClient);
          void navigate(command.to, { replace: true });
          return;
      }
    },
    [device.isAndroid, device.isApple, getRecognizer, getVoice, navigate, queryClient, scoreAndSave, send],
  );

  runRef.current = run;
  // The first batch (the microphone's auto-request timer) runs once the page is mounted.
  useEffect(() => {
    if (lastBatch.current >= 0) return;
    lastBatch.current = 0;
    for (const command of current.current.commands) runRef.current(command);
  }, []);

  // Toasts the flow asked for.
  useEffect(() => {
    for (const toast of state.toasts) {
      if (toast.variant === 'destructive') toastError(toast.title, toast.description);
      else toastSuccess(toast.title, toast.description);
      send({ type: 'TOAST_SHOWN', id: toast.id });
    }
  }, [state.toasts, send]);

  // Unmount: stop everything this page started. (Checked a microtask later: React's StrictMode
  // unmounts and mounts again at once in development, and the test must go on then.)
  useEffect(() => {
    mounted.current = true;
    const timerMap = timers.current;
    return () => {
      mounted.current = false;
      void Promise.resolve().then(() => {
        if (mounted.current) return;
        for (const handle of timerMap.values()) window.clearTimeout(handle);
        timerMap.clear();
        if (listenTimer.current !== null) window.clearTimeout(listenTimer.current);
        stopWatching.current?.();
        voice.current?.dispose();
        voice.current = null;
        recognizer.current?.abort();
        recognizer.current = null;
        void recorder.current?.stop().catch(() => null);
        recorder.current = null;
        voiceMeter.current?.stop();
        voiceMeter.current = null;
        releaseStream(stream.current);
        stream.current = null;
        void silent.current?.close();
        silent.current = null;
      });
    };
  }, []);

  // A network failure that clears by itself (the browser is online again) resumes as Try again would.
  const failureCode = state.failure?.code ?? null;
  useEffect(() => {
    if (failureCode !== 'network') return undefined;
    const online = () => send({ type: 'RETRY_RECOGNITION' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [failureCode, send]);

  return {
    state,
    screen: useMemo(() => selectScreen(state), [state]),
    device,
    recording,
    attemptId,
    completedAt,
    requestMicrophone: useCallback(() => send({ type: 'REQUEST_MICROPHONE' }), [send]),
    continueInDemoMode: useCallback(() => send({ type: 'DEMO_MODE' }), [send]),
    startTest: useCallback(() => {
      // ...and at the start of the test.
      if (device.isAndroid) sendDeviceDebug('test-start');
      send({ type: 'START_TEST' });
    }, [device, send]),
    retryRecognition: useCallback(() => send({ type: 'RETRY_RECOGNITION' }), [send]),
    continueWithoutTranscript: useCallback(() => send({ type: 'CONTINUE_WITHOUT_TRANSCRIPT' }), [send]),
    repeatQuestion: useCallback(() => send({ type: 'REPEAT_QUESTION' }), [send]),
    setPart2Notes: useCallback((text: string) => send({ type: 'PART2_NOTES', text }), [send]),
    stayInSession: useCallback(() => send({ type: 'STAY_IN_SESSION' }), [send]),
    leaveAllowed,
  };
}
