/*
 * The speaking test's edge: owns the pure reducer (flow/) and runs each new command batch once on
 * the real browser boundary (src/client/speech), the durable outbox and the router (edge/). Everything
 * it starts (microphone tracks, the voice, recognition, the recorder, timers) stops on unmount.
 *
 * Before Start Test it runs the setup flow (flow/setup.ts, edge/setup-command.ts: the microphone
 * check), which is all the page's first visit carries (decision 0024); Start Test loads the running
 * test (running.ts: the whole flow, its screen and commands) and hands it the state reached so far.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '../../../shared/api/auth';
import type { DeviceInfo } from '../../lib/device';
import { toastError, toastSuccess } from '../../lib/notify';
import { findSpeechRecognition } from '../../speech/web-speech-types';
import { sendDeviceDebug } from './device-debug';
import type { EdgeContext } from './edge/context';
import { createEdgeResources, releaseEdgeResources, type TestRecording } from './edge/resources';
import { runSetupCommand } from './edge/setup-command';
import { initialState } from './flow/initial-state';
import type { ScreenView } from './flow/selectors';
import { selectSetupScreen, setupReducer } from './flow/setup';
import type { Command, DeviceKind, EventWithoutNow, SpeakingTestEvent, SpeakingTestState } from './flow/types';
import { loadRunning, type Running } from './running-loader';
import type { Flow } from './session-flow';

export type { TestRecording } from './edge/resources';

const NO_QUESTIONS_YET = { part1: [], part2: [], part3: [] };

const SETUP_FLOW: Flow = { reduce: setupReducer, selectScreen: selectSetupScreen, runCommand: runSetupCommand };

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
  repeatQuestion: () => void;
  setPart2Notes: (text: string) => void;
  /** In the post-test session's last minute: keep reading (the 5 minutes start again). */
  stayInSession: () => void;
  /** Set before a navigation the page itself makes, so the leave guard lets it pass. */
  leaveAllowed: { current: boolean };
}

/**
 * `device` is read once by the page; `shownAt` is when the page's setup screen appeared (the flow's
 * first timers count from then: the page shows that screen while this code loads).
 */
export function useSpeakingTest(user: User | null | undefined, device: DeviceInfo, shownAt: number = Date.now()): SpeakingTest {
  const kind = deviceKindOf(device);
  // The reducer runs inside send() rather than in React's render, so each event's commands run at
  // once, in the same task (a timer's next tick is scheduled when the tick fires, not after a render).
  const [state, setState] = useState(() =>
    // The questions are chosen as the test starts (with the running test's code).
    initialState({ questions: NO_QUESTIONS_YET, device: kind, now: Date.now(), recognition: findSpeechRecognition() !== undefined }),
  );
  const current = useRef(state);
  const runRef = useRef<(command: Command) => void>(() => undefined);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState<TestRecording | null>(null);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [completedAt, setCompletedAt] = useState<number | null>(null);

  const mounted = useRef(true);
  const userRef = useRef(user);
  userRef.current = user;
  const lastBatch = useRef(-1);
  // Everything the page holds on the browser (edge/resources.ts), created once.
  const [resources] = useState(createEdgeResources);
  const leaveAllowed = useRef(false);
  const flow = useRef<Flow>(SETUP_FLOW);
  const [running, setRunning] = useState<Running | null>(null);
  const starting = useRef(false);
  const [startPressed, setStartPressed] = useState(false);

  const send = useCallback((event: EventWithoutNow, options?: { afterLeaving?: boolean }) => {
    if (!mounted.current && !options?.afterLeaving) return;
    const next = flow.current.reduce(current.current, { ...event, now: Date.now() } as SpeakingTestEvent);
    current.current = next;
    setState(next);
    for (const command of next.commands) runRef.current(command);
  }, []);

  // When each answer closed: the saved transcript's timestamps.
  useEffect(() => {
    while (resources.answeredAt.length < state.answers.length) resources.answeredAt.push(Date.now());
  }, [resources, state.answers.length]);

  const run = useCallback(
    (command: Command) => {
      const context: EdgeContext = { device, resources, send, current, mounted };
      flow.current.runCommand(command, context, { navigate, queryClient, leaveAllowed, attempt: { setRecording, setCompletedAt, setAttemptId, user: userRef } });
    },
    [device, navigate, queryClient, resources, send],
  );

  runRef.current = run;
  // The first batch (the microphone's auto-request timer) runs once the page is mounted, its delays
  // counted from when the setup screen appeared (before this code had loaded).
  const shownAtRef = useRef(shownAt);
  useEffect(() => {
    if (lastBatch.current >= 0) return;
    lastBatch.current = 0;
    const waited = Math.max(0, Date.now() - shownAtRef.current);
    for (const command of current.current.commands) {
      runRef.current(command.type === 'schedule' ? { ...command, delayMs: Math.max(0, command.delayMs - waited) } : command);
    }
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
    return () => {
      mounted.current = false;
      void Promise.resolve().then(() => {
        if (mounted.current) return;
        releaseEdgeResources(resources);
      });
    };
  }, [resources]);

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
    screen: useMemo(() => (running ? running.runningFlow : SETUP_FLOW).selectScreen(state), [state, running]),
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
      setStartPressed(true);
      void loadRunning().then(async (loaded) => {
        const drawn = await loaded.drawQuestions(Math.random);
        if (!mounted.current) return;
        flow.current = loaded.runningFlow;
        setRunning(loaded);
        // ...and at the start of the test.
        if (device.isAndroid) sendDeviceDebug('test-start');
        resources.school = drawn.school;
        send({ type: 'START_TEST', questions: drawn.questions });
      });
    }, [device, resources, send]),
    starting: startPressed && running === null,
    retryRecognition: useCallback(() => send({ type: 'RETRY_RECOGNITION' }), [send]),
    continueWithoutTranscript: useCallback(() => send({ type: 'CONTINUE_WITHOUT_TRANSCRIPT' }), [send]),
    repeatQuestion: useCallback(() => send({ type: 'REPEAT_QUESTION' }), [send]),
    setPart2Notes: useCallback((text: string) => send({ type: 'PART2_NOTES', text }), [send]),
    stayInSession: useCallback(() => send({ type: 'STAY_IN_SESSION' }), [send]),
    leaveAllowed,
  };
}
