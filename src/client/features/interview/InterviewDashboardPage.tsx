import { Container } from '@mantine/core';
import { LoadError } from '../../components/LoadError';
import { laterPart } from '../../lib/later-part';
import { useStudentProfile } from '../../lib/student-profile';
import { useInterviewProfile } from './api/interview-profile';
import type { DashboardProps } from './dashboard/Dashboard';
import { DashboardSkeleton } from './dashboard/DashboardSkeleton';

/*
 * /interview-dashboard (SPEC.md section 2): the professional profile the mock interview's questions
 * are built from. Its sections are in ./dashboard, in the spec's order. The form (./dashboard/Dashboard)
 * loads as the page opens, in parallel with the profile it shows, behind the same placeholder: the form's
 * own frame (./dashboard/DashboardSkeleton), which the form then replaces in place, so the page does
 * not shift when it arrives.
 */

const LOADING = <DashboardSkeleton />;
const dashboard = laterPart<DashboardProps>(async () => (await import('./dashboard/Dashboard')).Dashboard, LOADING);
dashboard.preload();

export default function InterviewDashboardPage() {
  const profile = useInterviewProfile();
  const student = useStudentProfile();

  if (profile.isPending || student.isPending) return LOADING;
  if (profile.error) {
    return (
      <Container size="md" py="xl">
        <LoadError what="interview profile" error={profile.error} retry={() => void profile.refetch()} retrying={profile.isFetching} />
      </Container>
    );
  }
  const studentName = student.data?.student.studentName ?? '';
  return <dashboard.Part initial={profile.data} studentName={studentName} />;
}
