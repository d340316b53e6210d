/*
 * The /test page's frame: title, live region, progress, the device card and the stage's card. Drawn
 * the same by the page before the flow has loaded (TestPage.tsx) and by the running test
 * (TestSession.tsx), so nothing moves when one replaces the other.
 */
import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import type { DeviceInfo } from '../../lib/device';
import type { ProgressView } from './flow/progress';
import { DeviceCard, ProgressCard } from './SetupCards';
import classes from './TestPage.module.css';

export interface TestLayoutProps {
  announcement: string;
  progress: ProgressView;
  device: DeviceInfo;
  studentName: string | null;
  /** Setup and ready: the device card above the stage; during and after the test, below it. */
  beforeTest: boolean;
  stageRef?: Ref<HTMLDivElement>;
  /** The stage's card (microphone check, Start Test, a part, the results). */
  children: ReactNode;
  /** What sits outside the column (the session countdown, the leave dialog). */
  outside?: ReactNode;
}

export function TestLayout({ announcement, progress, device, studentName, beforeTest, stageRef, children, outside }: TestLayoutProps) {
  // Before the test the device card (whose test, on what) sits above the microphone check, whose
  // height changes by itself (asking, then ready or denied): nothing below it moves. During and after
  // the test it goes below the questions and results, which are what the student reads then.
  const deviceCard = <DeviceCard device={device} studentName={studentName} />;
  return (
    <Container size="sm" px="sm">
      <Stack gap="md">
        <Title order={1} size="h2">
          IELTS Speaking Test
        </Title>
        <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
          {announcement}
        </div>
        <ProgressCard progress={progress} />
        {beforeTest ? deviceCard : null}
        <div ref={stageRef} className={classes.stageArea}>
          {children}
        </div>
        {beforeTest ? null : deviceCard}
      </Stack>
      {outside}
    </Container>
  );
}
