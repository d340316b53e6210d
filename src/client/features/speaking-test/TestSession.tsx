/*
 * The /test page's session (SPEC.md sections 2, 4, 8 and 9): the microphone check and Start Test,
 * then the parts, the results and the post-test session. Loaded by TestPage.tsx as soon as the page
 * opens, while the setup screen it draws the same way is already shown (decision 0023); the running
 * test's code (the whole flow, speech, the recorder, the parts' panels) comes with Start Test
 * (running.ts, decision 0024), scoring and saving once the test has started (edge/finish.ts).
 */
import { Anchor, Group, Loader, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useBlocker } from 'react-router';
import type { User } from '../../../shared/api/auth';
import { CloseNoticeButton } from '../../components/CloseNoticeButton';
import { PlainAlert } from '../../components/PlainAlert';
import type { DeviceInfo } from '../../lib/device';
import { laterPart } from '../../lib/later-part';
import { AppLink } from '../../lib/nav';
import { guardUnload } from '../../lib/auth/sign-in-change';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { useAskBeforeSignOut } from '../../lib/leave-guard';
import { clearStudentInfo } from '../../lib/student-info';
import { announcementFor, guardsLeaving } from './announcements';
import type { SpeakingTestState } from './flow';
import type { LeaveTestDialog } from './LeaveTestDialog';
import type { ResultsPanelProps } from './results/ResultsPanel';
import { ReadyCard } from './ReadyCard';
import { MicrophoneCard } from './SetupCards';
import { forgetTestSaved, forgetTestStopped, noteTestSaved, noteTestStopped, TEST_SAVED_TITLE, TEST_STOPPED_TEXT, TEST_STOPPED_TITLE, testSavedEarlier, testStoppedEarlier } from './stopped-test';
import { TestLayout } from './TestLayout';
import { preloadRunning, useSpeakingTest } from './use-speaking-test';

/** While the recording is finished and the scores are worked out (and while the results load, if they are late). */
function Working() {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text>Finishing the recording and working out your scores…</Text>
      </Group>
    </Paper>
  );
}

/*
 * The results (scores explained, answers, recording, history chart), the "Leave the test?" dialog
 * and the end of the test's code (scoring and saving: edge/finish.ts) are not part of the page's
 * first visit (decisions 0023, 0024): they start loading when the test starts, a quarter of an hour
 * before they are needed.
 */
const results = laterPart<ResultsPanelProps>(async () => (await import('./results/ResultsPanel')).ResultsPanel, <Working />);
// A laterPart, not a bare lazy(): a download that fails (the connection dropped as the test started)
// is tried again, where a failed lazy() took the page, and the test, down with it.
const leaveDialog = laterPart<ComponentProps<typeof LeaveTestDialog>>(async () => (await import('./LeaveTestDialog')).LeaveTestDialog, null);

/** Keeps the last announcement: the live region changes only when there is something new to read. */
function useAnnouncement(state: SpeakingTestState): string {
  const next = announcementFor(state);
  const [text, setText] = useState('');
  useEffect(() => {
    if (next !== null) setText(next);
  }, [next]);
  return text;
}

export interface TestSessionProps {
  user: User | null | undefined;
  device: DeviceInfo;
  studentName: string | null;
  /** When the setup screen first appeared (Date.now()): the microphone is asked for 1 s after it. */
  shownAt: number;
}

export function TestSession({ user, device, studentName, shownAt }: TestSessionProps) {
  const test = useSpeakingTest(user, device, shownAt);
  const { state, screen, running } = test;
  const { signOut } = useSignOut();
  const announcement = useAnnouncement(state);
  const guarding = guardsLeaving(state);
  const inPart = state.stage === 'part1' || state.stage === 'part2' || state.stage === 'part3';
  // Read once as the page opens (a plain read: StrictMode's second call changes nothing); gone once closed or a new test starts.
  const [stoppedEarlier, setStoppedEarlier] = useState(testStoppedEarlier);
  const closeStoppedNotice = () => {
    forgetTestStopped();
    setStoppedEarlier(false);
  };
  // The last test's attempt when it was saved and this page reopened after it (a reload of its results).
  const [savedEarlier, setSavedEarlier] = useState(() => testSavedEarlier(user?.id));
  const closeSavedNotice = () => {
    forgetTestSaved();
    setSavedEarlier(null);
  };
  useEffect(() => {
    if (!inPart) return;
    forgetTestStopped();
    forgetTestSaved();
  }, [inPart]);
  const savedAttempt = state.saveStatus === 'saved' ? test.attemptId : null;
  useEffect(() => {
    if (savedAttempt !== null && user) noteTestSaved(user.id, savedAttempt);
  }, [savedAttempt, user]);

  // Reload or closing the tab: the browser's own confirmation; the stored student info goes once the page really unloads.
  useEffect(() => {
    if (!guarding) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (test.leaveAllowed.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const leaving = () => {
      if (test.leaveAllowed.current) return;
      clearStudentInfo();
      // The answers of a part under way live only in this page: the next /test page in the tab says they are gone.
      if (inPart) noteTestStopped();
    };
    window.addEventListener('pagehide', leaving);
    // Nor does another tab signing someone in or out load the test again: its outbox keeps it for its owner (decision 0075).
    const release = guardUnload(warn);
    return () => {
      window.removeEventListener('pagehide', leaving);
      release();
    };
  }, [guarding, inPart, test.leaveAllowed]);

  // Leaving inside the app (links, back button) asks in a dialog.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guarding && !test.leaveAllowed.current && currentLocation.pathname !== nextLocation.pathname);
  // The header's Sign out asks in the same dialog.
  const signOutQuestion = useAskBeforeSignOut(guarding);
  const leave = () => {
    test.leaveAllowed.current = true;
    clearStudentInfo();
    if (signOutQuestion.asking) signOutQuestion.answer(true);
    else if (blocker.state === 'blocked') blocker.proceed();
  };
  const stay = () => {
    if (signOutQuestion.asking) signOutQuestion.answer(false);
    else blocker.reset?.();
  };

  const takeAnotherTest = () => {
    test.leaveAllowed.current = true;
    clearStudentInfo();
    // The student moved on from the results themselves: no notice of them on the next /test page.
    forgetTestSaved();
    signOut();
  };

  // Each new stage takes the focus to its heading: the button that started it is gone.
  const stageArea = useRef<HTMLDivElement>(null);
  const firstStage = useRef(true);
  useEffect(() => {
    if (firstStage.current) {
      firstStage.current = false;
      return;
    }
    const heading = stageArea.current?.querySelector<HTMLElement>('h2');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: false });
  }, [state.stage, test.completedAt]);

  const complete = state.stage === 'complete';
  const beforeTest = state.stage === 'setup' || state.stage === 'ready';
  useEffect(() => {
    if (beforeTest) return;
    results.preload();
    void running?.loadFinish();
  }, [beforeTest, running]);

  return (
    <TestLayout
      announcement={announcement}
      progress={screen.progress}
      device={device}
      studentName={studentName}
      beforeTest={beforeTest}
      stageRef={stageArea}
      outside={
        <>
          {running && complete && state.sessionSecondsLeft !== null ? <running.SessionCountdown secondsLeft={state.sessionSecondsLeft} saved={state.saveStatus === 'saved'} onStay={test.stayInSession} /> : null}

          {/* Mounted (and loaded) once the test guards leaving, so that it opens as it always did. */}
          {guarding || blocker.state === 'blocked' ? (
            <leaveDialog.Part opened={blocker.state === 'blocked' || signOutQuestion.asking} onStay={stay} onLeave={leave} complete={complete && state.saveStatus === 'saved'} />
          ) : null}
        </>
      }
    >
      {beforeTest && stoppedEarlier ? (
        <PlainAlert color="orange" role="alert" title={TEST_STOPPED_TITLE} corner={<CloseNoticeButton label="Close this notice" onClick={closeStoppedNotice} />} data-testid="test-stopped">
          {TEST_STOPPED_TEXT}
        </PlainAlert>
      ) : null}
      {beforeTest && savedEarlier !== null && !stoppedEarlier ? (
        <PlainAlert color="blue" role="status" title={TEST_SAVED_TITLE} corner={<CloseNoticeButton label="Close this notice" onClick={closeSavedNotice} />} data-testid="test-saved">
          Its results are in My progress:{' '}
          <Anchor component={AppLink} to={`/progress/attempts/${savedEarlier}`} underline="always" inherit c="blue.9">
            see your last test
          </Anchor>
          .
        </PlainAlert>
      ) : null}
      {state.stage === 'setup' ? <MicrophoneCard screen={screen} onRetry={test.requestMicrophone} onDemo={test.continueInDemoMode} /> : null}
      {state.stage === 'ready' ? (
        <ReadyCard demo={screen.demo} isApple={state.device === 'apple'} transcriptionOff={screen.transcriptionOff} canRecord={screen.canRecord} onStart={test.startTest} onAboutToStart={preloadRunning} starting={test.starting} />
      ) : null}
      {/* The parts begin only once the running test has loaded (Start Test waits for it). */}
      {running && inPart ? (
        <running.PartPanel
          state={state}
          screen={screen}
          actions={{
            onRetry: test.retryRecognition,
            onContinueWithoutTranscript: test.continueWithoutTranscript,
            onResume: test.resumeTest,
            onRepeat: test.repeatQuestion,
            onFinish: test.finishAnswer,
            onNotes: test.setPart2Notes,
          }}
        />
      ) : null}
      {complete && test.completedAt !== null && state.result !== null ? (
        <results.Part
          answers={state.answers}
          result={state.result}
          questions={state.questions}
          startedAt={state.startedAt ?? test.completedAt}
          completedAt={test.completedAt}
          recording={test.recording}
          demo={screen.demo}
          noTranscript={state.transcriptMissing}
          attemptId={test.attemptId}
          saving={state.saveStatus === 'saving'}
          onTakeAnotherTest={takeAnotherTest}
        />
      ) : null}
      {complete && (test.completedAt === null || state.result === null) ? <Working /> : null}
    </TestLayout>
  );
}
