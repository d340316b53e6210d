import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { StudentAttemptsPage } from '../../../../shared/api/admin-student-attempts';
import { LoadError } from '../../../components/LoadError';
import { Pager } from '../../../components/Pager';
import { PlainAlert } from '../../../components/PlainAlert';
import { CardFields } from '../../../components/TableRows';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { StudentStatusBadge } from '../StudentStatusBadge';
import { StudentAttemptsTable } from './StudentAttemptsTable';

/* The student page once its request has answered: loaded by StudentPage in parallel with it (decision 0023). */

export interface StudentPageBodyProps {
  /** The student's page of attempts as TanStack Query holds it (answered: data or an error). */
  query: {
    data: StudentAttemptsPage | undefined;
    error: Error | null;
    isPlaceholderData: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The Students list to go back to. */
  backTo: string;
  /** This page's address, for the review page's back link. */
  here: string;
}

/** The student's name, which takes the focus when a link brought the teacher here (AppLayout's usePageArrival). */
function StudentHeading({ name }: { name: string }) {
  return (
    <Title order={1} size="h2" tabIndex={-1}>
      {name}
    </Title>
  );
}

/** Why the student cannot be shown: no such student (a 404 or a malformed id's 400, the server's sentence), or the request failed. */
function StudentError({ query }: Pick<StudentPageBodyProps, 'query'>) {
  const error = query.error ?? new Error('The student could not be loaded.');
  return (
    <>
      <Title order={1} size="h2">
        Student
      </Title>
      {isApiError(error, 404) || isApiError(error, 400) ? (
        <PlainAlert color="red" title="No such student" role="alert">
          {serverMessageOr(error, error.message)}
        </PlainAlert>
      ) : (
        <LoadError what="student" error={error} retry={() => void query.refetch()} retrying={query.isFetching} />
      )}
    </>
  );
}

/** The student as the Students list shows them (course, number, sign-in names, status), their attempts and its pager. */
export function StudentPageBody({ query, page, pageSize, onPage, backTo, here }: StudentPageBodyProps) {
  const { data } = query;
  // Past the last page (an old link): the last page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const pastTheEnd = data !== undefined && !query.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onPage(lastPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page turns out to be past the end
  }, [pastTheEnd, lastPage]);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backTo} size="sm" w="fit-content" className="touch-target">
        ← Back to Students
      </Anchor>
      {!data ? (
        <StudentError query={query} />
      ) : (
        <>
          <StudentHeading name={data.student.studentName} />
          {/* Two to a line: a whole mobile number fits beside its neighbour on a phone. */}
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={560}>
            <CardFields
              fields={[
                { label: 'Course', value: data.student.course },
                { label: 'Status', value: <StudentStatusBadge status={data.student.status} /> },
                { label: 'Mobile Number', value: <span style={{ whiteSpace: 'nowrap' }}>{data.student.mobileNumberDisplay}</span> },
                { label: 'Attempts', value: data.total },
                { label: 'Username', value: data.student.username ?? '—' },
                { label: 'E-mail', value: data.student.email ?? '—' },
              ]}
            />
          </Paper>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Attempts
            </Title>
            <Text size="sm" c="dimmed">
              Speaking tests and interviews, newest first. Review opens the attempt to listen, read and review it.
            </Text>
            {query.error ? <LoadError what="attempts" error={query.error} retry={() => void query.refetch()} retrying={query.isFetching} /> : null}
            <StudentAttemptsTable attempts={data.attempts} loading={query.isPlaceholderData} backTo={here} />
            <Pager page={page} total={data.total} pageSize={pageSize} onChange={onPage} label="attempts" />
          </Stack>
        </>
      )}
    </Stack>
  );
}
