/*
 * /test: the three-part IELTS speaking test (SPEC.md sections 2, 4, 8 and 9). The first visit carries
 * only the setup screen (decision 0023): the flow, speech, recording, scoring and saving
 * (TestSession.tsx) start loading as the page opens, while the same screen is already shown. Nothing
 * on it can be pressed before then: the microphone is asked for by the flow, 1 s after the screen
 * appeared, and Start Test comes once it is granted.
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { isSecurePage, SecureAddressNotice } from '../../components/SecureAddressNotice';
import { useCurrentUser } from '../../lib/auth/current-user';
import { readDeviceInfo, type DeviceInfo } from '../../lib/device';
import { laterPart } from '../../lib/later-part';
import { readStudentInfo } from '../../lib/student-info';
import { selectProgress } from './flow/progress';
import { MicrophoneCard } from './SetupCards';
import { TestLayout } from './TestLayout';
import type { TestSessionProps } from './TestSession';

const noAction = () => undefined;

/** The setup screen as the flow draws it before anything has happened (microphone not yet asked for); also the route's first frame (app/shell.tsx). */
export function SetupScreen({ device, studentName }: { device: DeviceInfo; studentName: string | null }) {
  return (
    <TestLayout announcement="" progress={selectProgress({ stage: 'setup' })} device={device} studentName={studentName} beforeTest>
      <MicrophoneCard screen={{ microphone: 'idle', microphoneError: null }} onRetry={noAction} onDemo={noAction} />
    </TestLayout>
  );
}

/** Opened over plain http: the microphone check says the address must be https, and the test does not load. */
function InsecureSetupScreen({ device, studentName }: { device: DeviceInfo; studentName: string | null }) {
  return (
    <TestLayout announcement="" progress={selectProgress({ stage: 'setup' })} device={device} studentName={studentName} beforeTest>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="microphone-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="microphone-title">
            Microphone check
          </Title>
          <SecureAddressNotice />
        </Stack>
      </Paper>
    </TestLayout>
  );
}

const session = laterPart<TestSessionProps>(
  async () => (await import('./TestSession')).TestSession,
  ({ device, studentName }) => <SetupScreen device={device} studentName={studentName} />,
);

export default function TestPage() {
  const { data: user } = useCurrentUser();
  const device = useMemo(() => readDeviceInfo(), []);
  const [shownAt] = useState(() => Date.now());
  const [secure] = useState(isSecurePage);
  const studentName = user?.actingStudent?.studentName ?? readStudentInfo()?.studentName ?? (user && !user.isAdmin ? user.displayName : null);
  if (!secure) return <InsecureSetupScreen device={device} studentName={studentName} />;
  return <session.Part user={user} device={device} studentName={studentName} shownAt={shownAt} />;
}
