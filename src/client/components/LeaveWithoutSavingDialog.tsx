import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/* Asked before leaving a page (or logging out) with unsaved changes; `message` says what would be lost. */

export function LeaveWithoutSavingDialog({ opened, message, onStay, onLeave }: { opened: boolean; message: string; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave without saving?" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
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
