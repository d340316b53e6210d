import { Container, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { isSecurePage, SecureAddressNotice } from '../../components/SecureAddressNotice';
import { useCurrentUser } from '../../lib/auth/current-user';
import { noteInterviewEnded } from '../../lib/interview-ended';
import { laterPart } from '../../lib/later-part';
import { useStudentProfile } from '../../lib/student-profile';
import { useInterviewProfile } from './api/interview-profile';
import { ALLOW_MICROPHONE_LABEL, MICROPHONE_ACCESS_REQUIRED } from './flow/labels';
import type { PermissionViewModel } from './flow/selectors';
import { reloadedDuringInterview } from './simulator/leave-guard';
import { Panel } from './simulator/Panel';
import { PermissionView, type MicrophoneProblem } from './simulator/PermissionView';
import type { SimulatorProps } from './simulator/Simulator';

/*
 * The page's first screen is the simulator's first view, the microphone permission (SPEC.md
 * section 2 '/interview-simulator'), drawn here. The simulator itself (its other views, the flow,
 * the speech and recording code, the device check, the outbox) is not part of the page's first
 * visit (decision 0023): it loads once the student starts using the page (first pointer, key, focus
 * or touch), or at the latest with the button's press, which it then carries out (the button shows
 * its spinner until the browser has answered, as before). The permission view stays where it is
 * while the simulator runs, so nothing moves or loses focus when it arrives.
 */
const simulator = laterPart<SimulatorProps>(async () => (await import('./simulator/Simulator')).Simulator, null);

/** What the flow's selector gives for its first view (flow/selectors.ts), without loading the flow. */
const PERMISSION: PermissionViewModel = { view: 'permission', title: MICROPHONE_ACCESS_REQUIRED, buttonLabel: ALLOW_MICROPHONE_LABEL };

/** What a screen reader hears while the page gets ready (or leaves, after a reload mid-interview). */
const PREPARING = 'Preparing your interview…';

/** What counts as starting to use the page: the simulator's code loads then. */
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart'] as const;

/** Loads the simulator on the first use of the page; true from then on. */
function useStartedUsing(): [boolean, () => void] {
  const [started, setStarted] = useState(false);
  const start = useCallback(() => {
    simulator.preload();
    setStarted(true);
  }, []);
  useEffect(() => {
    if (started) return undefined;
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, start, { passive: true, capture: true });
    return () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, start, { capture: true });
    };
  }, [started, start]);
  return [started, start];
}

/** Opened over plain http: the permission view's heading, and in place of its button, why the microphone cannot be used. */
function InsecureAddressView() {
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Panel labelledBy="interview-title">
        <Stack gap="md">
          <Title order={1} size="h2" id="interview-title">
            {PERMISSION.title}
          </Title>
          <SecureAddressNotice />
        </Stack>
      </Panel>
    </Container>
  );
}

export default function InterviewSimulatorPage() {
  const navigate = useNavigate();
  const [ended] = useState(reloadedDuringInterview);
  const [secure] = useState(isSecurePage);
  const user = useCurrentUser();
  const profile = useInterviewProfile();
  const student = useStudentProfile();
  const [started, start] = useStartedUsing();
  const [permissionShown, setPermissionShown] = useState(true);
  const [requesting, setRequesting] = useState(false);
  const [microphoneAsks, setMicrophoneAsks] = useState(0);
  // Why the last request was refused and what to do, shown on the permission view.
  const [microphoneProblem, setMicrophoneProblem] = useState<MicrophoneProblem | null>(null);
  const onMicrophoneRefused = useCallback((problem: MicrophoneProblem | null) => {
    setRequesting(false);
    setMicrophoneProblem(problem);
  }, []);

  useEffect(() => {
    if (!ended) return;
    noteInterviewEnded();
    void navigate('/', { replace: true });
  }, [ended, navigate]);

  const studentName = student.data?.student.studentName ?? '';

  if (ended) return <FullPageLoader label={PREPARING} />;
  if (!secure) return <InsecureAddressView />;
  // Until the profile, the student and the user are in, the permission view is drawn with its button
  // waiting (as the page's first frame draws it, app/shell.tsx), so that nothing moves when they come.
  const loading = profile.isPending || student.isPending || user.isPending;
  const error = loading ? null : (profile.error ?? student.error ?? user.error);
  if (!loading && (error || !user.data)) {
    return (
      <Container size="sm" py="xl">
        <LoadError
          what="interview"
          error={error ?? new Error('You are not signed in.')}
          retry={() => void Promise.all([profile.refetch(), student.refetch(), user.refetch()])}
          retrying={profile.isFetching || student.isFetching}
        />
      </Container>
    );
  }
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      {loading ? <VisuallyHidden role="status">{PREPARING}</VisuallyHidden> : null}
      {permissionShown ? (
        <PermissionView
          model={PERMISSION}
          problem={microphoneProblem}
          requesting={requesting || loading}
          onAllow={() => {
            start();
            setRequesting(true);
            setMicrophoneAsks((asks) => asks + 1);
          }}
        />
      ) : null}
      {started && !loading && profile.data && user.data ? (
        <simulator.Part
          profile={profile.data}
          studentName={studentName}
          userId={user.data.id}
          microphoneAsks={microphoneAsks}
          onMicrophoneRefused={onMicrophoneRefused}
          onPermissionView={setPermissionShown}
        />
      ) : null}
    </Container>
  );
}
