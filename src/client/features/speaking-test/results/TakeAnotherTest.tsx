import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useOutboxStatus } from '../../../lib/outbox';

/**
 * 'Take Another Test' signs out. While the result is still being sent, that would leave it waiting
 * on this device until the student signs in here again (or lose it, when the browser keeps no
 * copy): ask first.
 */
export function TakeAnotherTest({ attemptId, onTakeAnotherTest }: { attemptId: string | null; onTakeAnotherTest: () => void }) {
  const status = useOutboxStatus(attemptId);
  const [asking, setAsking] = useState(false);
  const unsent = status.state === 'pending';
  return (
    <>
      <Group>
        <Button onClick={() => (unsent ? setAsking(true) : onTakeAnotherTest())}>Take Another Test</Button>
      </Group>
      <Modal opened={asking && unsent} onClose={() => setAsking(false)} title="Your result is not saved yet" centered>
        <Stack gap="md">
          <Text>
            {status.state === 'pending' && status.memoryOnly
              ? 'This browser could not keep a copy of it: if you sign out now, this result is lost. Wait until it is saved, or download your transcript first.'
              : 'It is kept on this device and will be sent the next time you sign in here. Wait a moment and it may be saved now.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Wait for it
            </Button>
            <Button color="red.9" onClick={onTakeAnotherTest}>
              Sign out anyway
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
