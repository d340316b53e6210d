import { Button, Group, Loader, Text } from '@mantine/core';
import { START_INTERVIEW_LABEL } from '../flow/labels';

/* The dashboard's bottom: Save ('Saving...' with a spinner while pending) and 'Start My Interview' (SPEC.md section 2 '/interview-dashboard'). */

export function SaveAndStartBar({ dirty, saving, onStart }: { dirty: boolean; saving: boolean; onStart: () => void }) {
  return (
    <>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        {dirty ? (
          <Text size="sm" c="dimmed" mr="auto" data-testid="unsaved-note">
            You have unsaved changes.
          </Text>
        ) : null}
        <Button type="submit" variant="default" disabled={saving} leftSection={saving ? <Loader size="xs" aria-hidden /> : null}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button onClick={onStart} disabled={saving}>
          {START_INTERVIEW_LABEL}
        </Button>
      </Group>
      {dirty ? (
        <Text size="xs" c="dimmed" ta="right">
          Start My Interview saves your changes first.
        </Text>
      ) : null}
    </>
  );
}
