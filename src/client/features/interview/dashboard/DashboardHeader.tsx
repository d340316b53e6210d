import { Button, Group, Stack, Text, Title } from '@mantine/core';

/* The dashboard's header: title, subtitle, the 'Welcome' line and Logout (SPEC.md section 2 '/interview-dashboard'). My progress is in the student's navigation above it. */

export function DashboardHeader({ studentName, onLogout, signingOut }: { studentName: string; onLogout: () => void; signingOut: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} size="h2">
          Interview Dashboard
        </Title>
        <Text c="dimmed">Prepare your professional profile for interviews</Text>
        <Text fw={500}>Welcome, {studentName}</Text>
      </Stack>
      <Button variant="default" onClick={onLogout} loading={signingOut}>
        Logout
      </Button>
    </Group>
  );
}
