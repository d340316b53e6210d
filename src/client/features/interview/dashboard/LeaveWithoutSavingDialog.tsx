import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/* Asked before leaving the dashboard (or logging out) with unsaved changes. */

export function LeaveWithoutSavingDialog({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave without saving?" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        <Text size="sm">You have unsaved changes to your interview profile. If you leave now, they will be lost.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            Stay on this page
          </Button>
          <Button color="red.9" onClick={onLeave}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
