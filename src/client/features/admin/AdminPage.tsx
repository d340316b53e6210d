import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../lib/notify';
import { clearStudentInfo, readStudentInfo } from '../../lib/student-info';
import { useCurrentUser } from '../../lib/auth/current-user';
import { useSignOut } from '../../lib/auth/use-sign-out';
import { useClearStudentSession } from './api/clear-sessions';

export default function AdminPage() {
  const { data: user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  const clearSession = useClearStudentSession();
  const cleared = useRef(false);

  useEffect(() => {
    if (cleared.current || !user) return;
    cleared.current = true;
    const hadStudent = user.actingStudent !== null || readStudentInfo() !== null;
    clearStudentInfo();
    clearSession.mutate(undefined, {
      onSuccess: () => {
        if (hadStudent) toastSuccess('Student session cleared', 'The student who was taking a test on this device is signed out.');
      },
      onError: (error) => toastError('Could not clear the student session', error.message),
    });
  }, [user, clearSession]);

  return (
    <Container size="lg">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            Welcome, {user?.username}
          </Title>
          <Group gap="sm">
            <Button component={Link} to="/admin/courses" variant="light">
              Manage Courses
            </Button>
            <Button variant="default" onClick={signOut} loading={isPending}>
              Logout
            </Button>
          </Group>
        </Group>
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="sm">
            <Title order={2} size="h3">
              Start a test for a student
            </Title>
            <Text>
              Hand this device to a student: they enter their mobile number and password, and the test they take is saved for
              them.
            </Text>
            <Button component={Link} to="/student" w="fit-content">
              Open the student access page
            </Button>
          </Stack>
        </Paper>
        <Text c="dimmed" size="sm">
          Student management, attempt lists and settings open on this page in the next release.
        </Text>
      </Stack>
    </Container>
  );
}
