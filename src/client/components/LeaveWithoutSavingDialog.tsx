import { Button, Group, Modal, Text } from '@mantine/core';

/*
 * Asked before leaving a page (or logging out) with unsaved changes; `message` says what would be
 * lost. The running test and interview, and signing out with a result not yet sent, ask the same
 * way in their own words.
 *
 * Built from Modal's parts so that only the message is the dialog's description: Mantine describes
 * the dialog by its body, and with the buttons inside it a screen reader read "… Stay Leave" after
 * the message. The buttons sit outside the body, padded as the body is.
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
    <Modal.Root opened={opened} onClose={onStay} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close dialog" />
        </Modal.Header>
        <Modal.Body>
          <Text size="sm">{message}</Text>
        </Modal.Body>
        <Group justify="flex-end" gap="sm" px="md" pb="md">
          {/* The focus starts on the safe answer (not on the close button). */}
          <Button variant="default" onClick={onStay} data-autofocus>
            {stayLabel}
          </Button>
          <Button color="red.9" onClick={onLeave}>
            {leaveLabel}
          </Button>
        </Group>
      </Modal.Content>
    </Modal.Root>
  );
}
