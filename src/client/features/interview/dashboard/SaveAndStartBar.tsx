import { Group, Loader, Text } from '@mantine/core';
import { HeldButton } from '../../../components/HeldButton';
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
        {/* Held, not disabled, while saving: the button just pressed keeps the focus. */}
        <HeldButton type="submit" variant="default" unavailable={saving} leftSection={saving ? <Loader size="xs" aria-hidden /> : null}>
          {saving ? 'Saving...' : 'Save'}
        </HeldButton>
        <HeldButton onClick={onStart} unavailable={saving}>
          {START_INTERVIEW_LABEL}
        </HeldButton>
      </Group>
      {dirty ? (
        <Text size="xs" c="dimmed" ta="right">
          Start My Interview saves your changes first.
        </Text>
      ) : null}
    </>
  );
}
