import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useCurrentUser } from '../../lib/auth/current-user';
import { StudentDashboard } from './StudentDashboard';

// A teacher's device only: a student opening /student does not download the access form (its inputs,
// @mantine/form), and the teacher's comes one small request later.
const StudentAccessPage = lazy(async () => ({ default: (await import('./StudentAccessPage')).StudentAccessPage }));

/** /student: a teacher's device shows the student access page; a student is routed to their course. */
export default function StudentPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <FullPageLoader />;
  if (!user.isAdmin) return <StudentDashboard />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <StudentAccessPage />
    </Suspense>
  );
}
