import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSignOut } from '../lib/auth/use-sign-out';

/** A guarded page whose content arrives in a later release. */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  const { signOut, isPending } = useSignOut();
  return (
    <Container size="sm">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text>{children}</Text>
          <Group>
            <Button variant="default" onClick={signOut} loading={isPending}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
