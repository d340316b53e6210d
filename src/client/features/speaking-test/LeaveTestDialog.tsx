import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/* "Leave the test?", asked when a link or the back button would leave a running test. Loaded once the test has started (TestSession). */

export const LEAVE_TEST_TEXT = 'Leaving or reloading this page ends your test, and the student details on this device are cleared.';

export function LeaveTestDialog({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave the test?" centered>
      <Stack gap="md">
        <Text>{LEAVE_TEST_TEXT}</Text>
        <Group justify="flex-end">
          {/* The focus starts on the safe answer, as in the other leave dialogs (not on the close button). */}
          <Button variant="default" onClick={onStay} data-autofocus>
            Stay
          </Button>
          <Button color="red.9" onClick={onLeave}>
            Leave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
