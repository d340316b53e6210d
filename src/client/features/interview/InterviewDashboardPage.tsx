import { PlaceholderPage } from '../../components/PlaceholderPage';

export default function InterviewDashboardPage() {
  return (
    <PlaceholderPage title="Interview Dashboard">
      Prepare your professional profile for interviews. The profile form opens on this page in the next release.
    </PlaceholderPage>
  );
}
