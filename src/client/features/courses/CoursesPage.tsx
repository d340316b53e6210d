import { PlaceholderPage } from '../../components/PlaceholderPage';

export default function CoursesPage() {
  return <PlaceholderPage title="Courses Management">Adding and editing courses opens on this page in the next release.</PlaceholderPage>;
}
