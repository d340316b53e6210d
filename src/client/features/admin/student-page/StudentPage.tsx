import { Container } from '@mantine/core';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { laterPart } from '../../../lib/later-part';
import { STUDENT_ATTEMPTS_PAGE_SIZE, useStudentAttempts } from './api/student-attempts';
import type { StudentPageBodyProps } from './StudentPageBody';

/*
 * The page itself (the student, their attempts, the pager, or why they cannot be shown) loads as the
 * page opens, in parallel with the student's request, behind the same loader (decision 0023). This
 * module stays small: every full-app first visit carries its route's entry.
 */
const LOADING = <FullPageLoader label="Loading the student…" />;
const body = laterPart<StudentPageBodyProps>(async () => (await import('./StudentPageBody')).StudentPageBody, LOADING);
body.preload();

/** The Students list the teacher came from (its search and page), else the list as it opens. */
function studentsListLink(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && (from === '/admin' || from.startsWith('/admin?')) ? from : '/admin';
}

/**
 * /admin/students/:id (beyond the spec): one student and everything they saved, both kinds newest
 * first, 10 a page (`?page=`), each opening the attempt's review page. Admins only.
 */
export default function StudentPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('page'));
  const page = Number.isInteger(wanted) && wanted >= 1 ? wanted : 1;
  const query = useStudentAttempts(id, page);
  // The Students list to go back to stays with the page as it pages.
  const onPage = (next: number) => setParams(next <= 1 ? {} : { page: String(next) }, { replace: true, state: location.state });
  return (
    <Container size="xl">
      {query.isPending ? (
        LOADING
      ) : (
        <body.Part
          query={query}
          page={page}
          pageSize={STUDENT_ATTEMPTS_PAGE_SIZE}
          onPage={onPage}
          backTo={studentsListLink(location.state)}
          here={`${location.pathname}${location.search}`}
        />
      )}
    </Container>
  );
}
