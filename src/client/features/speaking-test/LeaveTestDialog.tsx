import { LeaveWithoutSavingDialog } from '../../components/LeaveWithoutSavingDialog';
import { LEAVE_RESULTS_TEXT, LEAVE_TEST_TEXT } from './leave-texts';

/*
 * "Leave the test?", asked when a link or the back button would leave a running test, and once it is
 * over and saved, until the session expires, "Leave your results?" (spec section 4: leaving the complete stage
 * clears the stored student info and asks first). Loaded once the test has started (TestSession).
 */


export function LeaveTestDialog({ opened, onStay, onLeave, complete = false }: { opened: boolean; onStay: () => void; onLeave: () => void; complete?: boolean }) {
  return (
    <LeaveWithoutSavingDialog
      opened={opened}
      onStay={onStay}
      onLeave={onLeave}
      title={complete ? 'Leave your results?' : 'Leave the test?'}
      message={complete ? LEAVE_RESULTS_TEXT : LEAVE_TEST_TEXT}
      stayLabel="Stay"
      leaveLabel="Leave"
    />
  );
}
