import { LeaveWithoutSavingDialog } from '../../components/LeaveWithoutSavingDialog';

/* "Leave the test?", asked when a link or the back button would leave a running test. Loaded once the test has started (TestSession). */

export const LEAVE_TEST_TEXT = 'Leaving or reloading this page ends your test, and the student details on this device are cleared.';

export function LeaveTestDialog({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return <LeaveWithoutSavingDialog opened={opened} onStay={onStay} onLeave={onLeave} title="Leave the test?" message={LEAVE_TEST_TEXT} stayLabel="Stay" leaveLabel="Leave" />;
}
