/* /test: the three-part IELTS speaking test (SPEC.md sections 2, 4, 8 and 9). */
import { Button, Container, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useCurrentUser } from '../../lib/auth/current-user';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { clearStudentInfo, readStudentInfo } from '../../lib/student-info';
import { announcementFor, guardsLeaving } from './announcements';
import type { SpeakingTestState } from './flow';
import { PartPanel } from './PartPanel';
import { ResultsPanel } from './results/ResultsPanel';
import { SessionCountdown } from './SessionCountdown';
import { DeviceCard, MicrophoneCard, ProgressCard, ReadyCard } from './SetupCards';
import classes from './TestPage.module.css';
import { useSpeakingTest } from './use-speaking-test';

export const LEAVE_TEST_TEXT = 'Leaving or reloading this page ends your test, and the student details on this device are cleared.';


/** Keeps the last announcement: the live region changes only when there is something new to read. */
function useAnnouncement(state: SpeakingTestState): string {
  const next = announcementFor(state);
  const [text, setText] = useState('');
  useEffect(() => {
    if (next !== null) setText(next);
  }, [next]);
  return text;
}

export default function TestPage() {
  const { data: user } = useCurrentUser();
  const test = useSpeakingTest(user);
  const { state, screen } = test;
  const { signOut } = useSignOut();
  const announcement = useAnnouncement(state);
  const guarding = guardsLeaving(state);
  const studentName = user?.actingStudent?.studentName ?? readStudentInfo()?.studentName ?? (user && !user.isAdmin ? user.displayName : null);

  // Reload or closing the tab: the browser's own confirmation; the stored student info goes once the page really unloads.
  useEffect(() => {
    if (!guarding) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (test.leaveAllowed.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const leaving = () => {
      if (!test.leaveAllowed.current) clearStudentInfo();
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', leaving);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', leaving);
    };
  }, [guarding, test.leaveAllowed]);

  // Leaving inside the app (links, back button) asks in a dialog.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guarding && !test.leaveAllowed.current && currentLocation.pathname !== nextLocation.pathname);
  const leave = () => {
    test.leaveAllowed.current = true;
    clearStudentInfo();
    if (blocker.state === 'blocked') blocker.proceed();
  };

  const takeAnotherTest = () => {
    test.leaveAllowed.current = true;
    clearStudentInfo();
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
  // Before the test the device card (whose test, on what) sits above the microphone check, whose
  // height changes by itself (asking, then ready or denied): nothing below it moves. During and after
  // the test it goes below the questions and results, which are what the student reads then.
  const beforeTest = state.stage === 'setup' || state.stage === 'ready';
  const deviceCard = <DeviceCard device={test.device} studentName={studentName} />;
  const inPart = state.stage === 'part1' || state.stage === 'part2' || state.stage === 'part3';

  return (
    <Container size="sm" px="sm">
      <Stack gap="md">
        <Title order={1} size="h2">
          IELTS Speaking Test
        </Title>
        <div className={classes.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="announcer">
          {announcement}
        </div>
        <ProgressCard progress={screen.progress} />
        {beforeTest ? deviceCard : null}
        <div ref={stageArea} className={classes.stageArea}>
          {state.stage === 'setup' ? <MicrophoneCard screen={screen} onRetry={test.requestMicrophone} onDemo={test.continueInDemoMode} /> : null}
          {state.stage === 'ready' ? (
            <ReadyCard demo={screen.demo} isApple={state.device === 'apple'} transcriptionOff={screen.transcriptionOff} onStart={test.startTest} />
          ) : null}
          {inPart ? (
            <PartPanel
              state={state}
              screen={screen}
              actions={{
                onRetry: test.retryRecognition,
                onContinueWithoutTranscript: test.continueWithoutTranscript,
                onRepeat: test.repeatQuestion,
                onNotes: test.setPart2Notes,
              }}
            />
          ) : null}
          {complete && test.completedAt !== null && state.result !== null ? (
            <ResultsPanel
              answers={state.answers}
              result={state.result}
              questions={state.questions}
              startedAt={state.startedAt ?? test.completedAt}
              completedAt={test.completedAt}
              recording={test.recording}
              demo={screen.demo}
              noTranscript={state.transcriptMissing}
              attemptId={test.attemptId}
              onTakeAnotherTest={takeAnotherTest}
            />
          ) : null}
          {complete && test.completedAt === null ? (
            <Paper withBorder radius="lg" p="lg">
              <Group gap="sm">
                <Loader size="sm" aria-hidden="true" />
                <Text>Finishing the recording and working out your scores…</Text>
              </Group>
            </Paper>
          ) : null}
        </div>
        {beforeTest ? null : deviceCard}
      </Stack>
      {complete && state.sessionSecondsLeft !== null ? <SessionCountdown secondsLeft={state.sessionSecondsLeft} onStay={test.stayInSession} /> : null}

      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave the test?" centered>
        <Stack gap="md">
          <Text>{LEAVE_TEST_TEXT}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button color="red.9" onClick={leave}>
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
