/*
 * The speaking test's edge: starts the flow (flow/ on the runtime of src/client/lib/flow, which runs
 * each event's commands at once and owns the timers) and carries out its commands on the real browser
 * boundary (src/client/speech), the durable outbox and the router (edge/). Everything it starts
 * (microphone tracks, the voice, recognition, the recorder, timers) stops on unmount.
 *
 * Before Start Test it runs the setup flow (flow/setup.ts, edge/setup-command.ts: the microphone
 * check), which is all the page's first visit carries (decision 0024); Start Test loads the running
 * test (running.ts: the whole flow, its screen and commands) and hands the flow over to it
 * (`replace`), keeping the state reached so far.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '../../../shared/api/auth';
import type { DeviceInfo } from '../../lib/device';
import { startFlow, type Flow as RuntimeFlow } from '../../lib/flow/runtime';
import { useFlow } from '../../lib/flow/use-flow';
import { toastError, toastSuccess } from '../../lib/notify';
import { readStudentInfo } from '../../lib/student-info';
import { studentProfileQuery } from '../../lib/student-profile';
import { retryingImport } from '../../lib/retrying-import';
import { findSpeechRecognition } from '../../speech/web-speech-types';
import { primeSpeech } from '../../speech/prime-voice';
import { sendDeviceDebug } from './device-debug';
import type { EdgeContext } from './edge/context';
import { createEdgeResources, releaseEdgeResources, type TestRecording } from './edge/resources';
import type { PageContext } from './edge/run-command';
import { runSetupCommand } from './edge/setup-command';
import { FIRST_COMMANDS, initialState } from './flow/initial-state';
import type { ScreenView } from './flow/selectors';
import { selectSetupScreen, setupStep } from './flow/setup';
import type { DeviceKind, SpeakingTestEffect, SpeakingTestEvent, SpeakingTestState, TimerName } from './flow/types';

export type { TestRecording } from './edge/resources';

const NO_QUESTIONS_YET = { part1: [], part2: [], part3: [] };

/** The running test's code (running.ts): loaded once, again every few seconds if it cannot be (lib/retrying-import.ts). */
const loadRunning = retryingImport(() => import('./running'));

export type Running = Awaited<ReturnType<typeof loadRunning>>;

/** The student is about to press Start Test: its code starts loading. */
export function preloadRunning(): void {
  void loadRunning();
}

export function deviceKindOf(info: Pick<DeviceInfo, 'isAndroid' | 'isApple'>): DeviceKind {
  return info.isAndroid ? 'android' : info.isApple ? 'apple' : 'desktop';
}

export interface SpeakingTest {
  state: SpeakingTestState;
  screen: ScreenView;
  device: DeviceInfo;
  /** The running test's code, once Start Test has loaded it (the parts' panels come from it). */
  running: Running | null;
  /** Null until the test completes and the recording has stopped (or when nothing was recorded). */
  recording: TestRecording | null;
  /** Set once the attempt was handed to the outbox; null when nothing was submitted. */
  attemptId: string | null;
  completedAt: number | null;
  requestMicrophone: () => void;
  continueInDemoMode: () => void;
  startTest: () => void;
  /** Start Test was pressed and the running test's code is still on its way (a slow or dropped connection). */
  starting: boolean;
  /** After a recognition failure: restart recognition and ask the question again. */
  retryRecognition: () => void;
  /** After a recognition failure: go on, answers ending on acoustic silence. */
  continueWithoutTranscript: () => void;
  /** After the page was hidden mid-question: ask the question again, transcribed as before. */
  resumeTest: () => void;
  repeatQuestion: () => void;
  /** Parts 1 and 3: the student has finished the answer being listened to. */
  finishAnswer: () => void;
  setPart2Notes: (text: string) => void;
  /** In the post-test session's last minute: keep reading (the 5 minutes start again). */
  stayInSession: () => void;
  /** Set before a navigation the page itself makes, so the leave guard lets it pass. */
  leaveAllowed: { current: boolean };
}

interface Session {
  flow: RuntimeFlow<SpeakingTestState, SpeakingTestEvent, SpeakingTestEffect, TimerName>;
  /** What every command runner gets (edge/context.ts). */
  context: EdgeContext;
}

/** The flow on its setup rules, and what its commands reach on the browser. */
function openSession(device: DeviceInfo, mounted: { readonly current: boolean }): Session {
  // The questions are chosen as the test starts (with the running test's code).
  const initial = initialState({ questions: NO_QUESTIONS_YET, device: deviceKindOf(device), now: Date.now(), recognition: findSpeechRecognition() !== undefined });
  const flow = startFlow<SpeakingTestState, SpeakingTestEvent, SpeakingTestEffect, TimerName>(initial, setupStep, (command) => runSetupCommand(command, context));
  const context: EdgeContext = {
    device,
    resources: createEdgeResources(),
    // The runtime's own `send`: the edge's events reach the flow directly. None counts once the page
    // has left: useFlow stops the flow as the page unmounts, and a stopped flow ignores every event.
    send: flow.send,
    current: {
      get current() {
        return flow.getState();
      },
    },
    mounted,
  };
  return { flow, context };
}

/**
 * `device` is read once by the page; `shownAt` is when the page's setup screen appeared (the flow's
 * first timers count from then: the page shows that screen while this code loads).
 */
export function useSpeakingTest(user: User | null | undefined, device: DeviceInfo, shownAt: number = Date.now()): SpeakingTest {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState<TestRecording | null>(null);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [completedAt, setCompletedAt] = useState<number | null>(null);
  const mounted = useRef(true);
  const userRef = useRef(user);
  userRef.current = user;
  const leaveAllowed = useRef(false);
  // What the commands reach in the page: the latest render's.
  const latest: PageContext = { navigate, queryClient, leaveAllowed, attempt: { setRecording, setCompletedAt, setAttemptId, user: userRef, queryClient } };
  const page = useRef(latest);
  page.current = latest;
  const [{ flow, context }] = useState(() => openSession(device, mounted));
  const { resources, send } = context;
  const { state } = useFlow(() => flow, () => releaseEdgeResources(resources));
  const [running, setRunning] = useState<Running | null>(null);
  const starting = useRef(false);
  const [startPressed, setStartPressed] = useState(false);

  // The student's own record, asked for while the network is surely there: the save at the end
  // needs their id, and a network lost by then must not lose the test (edge/finish.ts).
  const ownStudent = !!user && !user.isAdmin && !user.actingStudent;
  useEffect(() => {
    if (ownStudent && !readStudentInfo()) void queryClient.prefetchQuery(studentProfileQuery);
  }, [ownStudent, queryClient]);

  // The flow's first commands (the microphone's auto-request timer) run once the page is mounted,
  // their delays counted from when the setup screen appeared (before this code had loaded).
  const begun = useRef(false);
  const shownAtRef = useRef(shownAt);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    flow.begin(FIRST_COMMANDS, shownAtRef.current);
  }, [flow]);

  // Toasts the flow asked for.
  useEffect(() => {
    for (const toast of state.toasts) {
      if (toast.variant === 'destructive') toastError(toast.title, toast.description);
      else toastSuccess(toast.title, toast.description);
      send({ type: 'TOAST_SHOWN', id: toast.id });
    }
  }, [state.toasts, send]);

  // Unmount: the flow stops and what it holds is released (useFlow); the commands' answers still on
  // their way (a microphone grant) see the page gone.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
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

  // Leaving the page (a call, another app, the screen locked) holds the question being asked or
  // answered (flow/recognition.ts); outside a question the flow ignores it.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send({ type: 'PAGE_HIDDEN' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [send]);

  return {
    state,
    screen: useMemo(() => (running ? running.selectScreen(state) : selectSetupScreen(state)), [state, running]),
    device,
    running,
    recording,
    attemptId,
    completedAt,
    requestMicrophone: useCallback(() => send({ type: 'REQUEST_MICROPHONE' }), [send]),
    continueInDemoMode: useCallback(() => send({ type: 'DEMO_MODE' }), [send]),
    startTest: useCallback(() => {
      // Once, however often it is pressed while the running test loads (usually it already has:
      // it starts loading when the pointer or the focus reaches Start Test).
      if (starting.current) return;
      starting.current = true;
      primeSpeech(device);
      setStartPressed(true);
      void loadRunning().then(async (loaded) => {
        const drawn = await loaded.drawQuestions(Math.random);
        if (!mounted.current) return;
        loaded.takeOver(flow, context, page);
        setRunning(loaded);
        // ...and at the start of the test.
        if (device.isAndroid) sendDeviceDebug('test-start');
        resources.school = drawn.school;
        send({ type: 'START_TEST', questions: drawn.questions });
      });
    }, [context, device, flow, resources, send]),
    starting: startPressed && running === null,
    retryRecognition: useCallback(() => send({ type: 'RETRY_RECOGNITION' }), [send]),
    continueWithoutTranscript: useCallback(() => send({ type: 'CONTINUE_WITHOUT_TRANSCRIPT' }), [send]),
    resumeTest: useCallback(() => send({ type: 'RESUME_TEST' }), [send]),
    repeatQuestion: useCallback(() => send({ type: 'REPEAT_QUESTION' }), [send]),
    finishAnswer: useCallback(() => send({ type: 'FINISH_ANSWER' }), [send]),
    setPart2Notes: useCallback((text: string) => send({ type: 'PART2_NOTES', text }), [send]),
    stayInSession: useCallback(() => send({ type: 'STAY_IN_SESSION' }), [send]),
    leaveAllowed,
  };
}
