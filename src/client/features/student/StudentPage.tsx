import { FullPageLoader } from '../../components/FullPageLoader';
import { useCurrentUser } from '../../lib/auth/current-user';
import { StudentAccessPage } from './StudentAccessPage';
import { StudentDashboard } from './StudentDashboard';

/** /student: a teacher's device shows the student access page; a student is routed to their course. */
export default function StudentPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <FullPageLoader />;
  return user.isAdmin ? <StudentAccessPage /> : <StudentDashboard />;
}
