import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { LeaveWithoutSavingDialog } from '../../../components/LeaveWithoutSavingDialog';
import { useOutboxStatus } from '../../../lib/outbox';
import { UNSENT_RESULT_MEMORY_ONLY_TEXT, UNSENT_RESULT_TEXT } from '../leave-texts';

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
      <LeaveWithoutSavingDialog
        opened={asking && unsent}
        onStay={() => setAsking(false)}
        onLeave={onTakeAnotherTest}
        title="Your result is not saved yet"
        message={status.state === 'pending' && status.memoryOnly ? UNSENT_RESULT_MEMORY_ONLY_TEXT : UNSENT_RESULT_TEXT}
        stayLabel="Wait for it"
        leaveLabel="Sign out anyway"
      />
    </>
  );
}
