import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import { routeForCourse } from '../../../shared/courses';
import { FullPageLoader } from '../../components/FullPageLoader';
import { isApiError } from '../../lib/api';
import { readDeviceInfo } from '../../lib/device';
import { useCurrentUser } from '../../lib/auth/current-user';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { offlineText, waitingForConnection } from '../../lib/use-load-again-when-online';
import { useStudentProfile } from './api/student';

export const DASHBOARD_REDIRECT_MS = 1000;
export const DASHBOARD_REDIRECT_ANDROID_MS = 3000;
export const ACCESS_REVOKED_TEXT = 'Your access has been revoked or deactivated. Please contact the school for assistance.';
export const STUDENT_NOT_FOUND_TEXT = 'Student record not found. Please contact the school for assistance.';
export const NOT_ACTIVATED_TEXT = 'Your account is not activated. Please contact the school for assistance.';

function Problem({ text }: { text: string }) {
  const { signOut, isPending } = useSignOut();
  return (
    <Container size={480}>
      <Stack gap="md" mt="xl">
        <Title order={1} size="h2">
          Your practice cannot open
        </Title>
        <Alert color="red" variant="light" title="Access Denied" role="alert">
          {text}
        </Alert>
        <Button variant="default" onClick={signOut} loading={isPending} w="fit-content">
          Sign out
        </Button>
      </Stack>
    </Container>
  );
}

/** Spec section 2: loads the profile, then sends the student to their course's page after a short pause. */
export function StudentDashboard() {
  const { data: user } = useCurrentUser();
  const profile = useStudentProfile(!!user && !user.isAdmin);
  const navigate = useNavigate();
  const delay = useMemo(() => (readDeviceInfo().isAndroid ? DASHBOARD_REDIRECT_ANDROID_MS : DASHBOARD_REDIRECT_MS), []);
  const data = profile.data;
  const target = data && data.student.status === 'Activated' ? routeForCourse(data.course.courseName) : null;

  // A page the student opened meanwhile (My progress, Sign out) wins: while its code loads this page
  // stays, and moving on from here then took the student to the course's page instead.
  const leaving = useNavigation().state !== 'idle';

  useEffect(() => {
    if (!target || leaving) return;
    const timer = window.setTimeout(() => navigate(target, { replace: true }), delay);
    return () => window.clearTimeout(timer);
  }, [target, delay, navigate, leaving]);

  useEffect(() => {
    if (profile.isError && !isApiError(profile.error, 403)) navigate('/', { replace: true });
  }, [profile.isError, profile.error, navigate]);

  if (profile.isError) return isApiError(profile.error, 403) ? <Problem text={ACCESS_REVOKED_TEXT} /> : null;
  // Offline the profile waits for the connection (and then opens the practice as usual): said, not spun.
  if (!data) return <FullPageLoader label={waitingForConnection(profile) ? offlineText('your practice') : 'Loading your profile…'} />;
  if (!data.student) return <Problem text={STUDENT_NOT_FOUND_TEXT} />;
  if (data.student.status !== 'Activated') return <Problem text={NOT_ACTIVATED_TEXT} />;

  return (
    <Container size={480}>
      <Paper withBorder radius="lg" p="xl" mt="xl">
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Title order={1} size="h2" ta="center">
            Welcome, {data.student.studentName}
          </Title>
          <Text ta="center" c="dimmed">
            Opening your {data.course.courseName} practice…
          </Text>
          <Loader aria-hidden />
          <Anchor component={Link} to="/progress" size="sm" className="touch-target">
            Or open My progress
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
