import { PlaceholderPage } from '../../components/PlaceholderPage';
import { readStudentInfo } from '../../lib/student-info';
import { useCurrentUser } from '../../lib/auth/current-user';

export default function TestPage() {
  const { data: user } = useCurrentUser();
  const forStudent = user?.actingStudent?.studentName ?? readStudentInfo()?.studentName ?? user?.displayName;
  return (
    <PlaceholderPage title="IELTS Speaking Test">
      {forStudent ? `Test for ${forStudent}. ` : ''}The three-part speaking test opens on this page in the next release.
    </PlaceholderPage>
  );
}
