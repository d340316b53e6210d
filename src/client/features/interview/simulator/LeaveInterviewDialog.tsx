import { INTERVIEW_LEAVE_CONFIRMATION } from '../../../../shared/interview/constants';
import { LeaveWithoutSavingDialog } from '../../../components/LeaveWithoutSavingDialog';

/* "Leave the interview?", asked when a link or the back button would leave a running interview. Loaded once the interview runs (InterviewSimulatorPage). */

export function LeaveInterviewDialog({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <LeaveWithoutSavingDialog
      opened={opened}
      onStay={onStay}
      onLeave={onLeave}
      message={INTERVIEW_LEAVE_CONFIRMATION}
      title="Leave the interview?"
      stayLabel="Stay in the interview"
      leaveLabel="Leave and end the interview"
    />
  );
}
