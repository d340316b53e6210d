import { PlaceholderPage } from '../../components/PlaceholderPage';

export default function InterviewSimulatorPage() {
  return (
    <PlaceholderPage title="Interview Simulation">The mock interview opens on this page in the next release.</PlaceholderPage>
  );
}
