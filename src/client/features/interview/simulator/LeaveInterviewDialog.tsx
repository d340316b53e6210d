import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { INTERVIEW_LEAVE_CONFIRMATION } from '../../../../shared/interview/constants';

/* "Leave the interview?", asked when a link or the back button would leave a running interview. Loaded once the interview runs (InterviewSimulatorPage). */

export function LeaveInterviewDialog({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave the interview?" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        <Text size="sm">{INTERVIEW_LEAVE_CONFIRMATION}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            Stay in the interview
          </Button>
          <Button color="red.9" onClick={onLeave}>
            Leave and end the interview
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
