import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/*
 * Asked before leaving a page (or logging out) with unsaved changes; `message` says what would be
 * lost. A running interview asks the same way in its own words (LeaveInterviewDialog).
 */

export interface LeaveDialogProps {
  opened: boolean;
  message: string;
  onStay: () => void;
  onLeave: () => void;
  title?: string;
  stayLabel?: string;
  leaveLabel?: string;
}

export function LeaveWithoutSavingDialog({
  opened,
  message,
  onStay,
  onLeave,
  title = 'Leave without saving?',
  stayLabel = 'Stay on this page',
  leaveLabel = 'Leave without saving',
}: LeaveDialogProps) {
  return (
    <Modal opened={opened} onClose={onStay} title={title} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            {stayLabel}
          </Button>
          <Button color="red.9" onClick={onLeave}>
            {leaveLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
