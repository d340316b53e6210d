import { Anchor, Button, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { StudentAttemptRow } from '../../../../shared/api/admin-student-attempts';
import { KIND_LABELS } from '../../../../shared/api/admin-attempts-kinds';
import { CheckIcon } from '../../../components/icons';
import { Table } from '../../../components/Table';
import { CardFields, DataTable, RowCard } from '../../../components/TableRows';
import { isReleased, OverallCell, reviewLinkDetail, ReviewState } from '../attempts/AttemptCells';
import { formatAttemptDateAndTime } from '../attempts/format';
import { useSpokenTimes, type AttemptWhen } from '../../../components/attempt/list-times';

const reviewPath = (id: string) => `/admin/attempts/${id}`;

/* A student's attempts of both kinds on their page: when, which kind, the overall, the review, and the review page's link. */

export const STUDENT_ATTEMPT_COLUMNS = ['Date', 'Kind', 'Overall Score', 'Review Status', 'Review'] as const;

function When({ attempt }: { attempt: StudentAttemptRow }) {
  const when = formatAttemptDateAndTime(attempt.createdAt);
  return (
    <time dateTime={attempt.createdAt} style={{ whiteSpace: 'nowrap' }}>
      {when.date}, {when.time}
    </time>
  );
}

export function StudentAttemptsTable({ attempts, loading, backTo }: { attempts: StudentAttemptRow[] | undefined; loading: boolean; backTo: string }) {
  const spoken = useSpokenTimes(attempts);
  return (
    <DataTable
      columns={STUDENT_ATTEMPT_COLUMNS}
      items={attempts}
      loading={loading}
      emptyText="No attempts yet: this student has not saved a speaking test or an interview."
      minWidth={640}
      label="Attempts"
      renderRow={(attempt) => <AttemptRow key={attempt.id} attempt={attempt} backTo={backTo} spoken={spoken.get(attempt.id)} />}
      renderCard={(attempt) => <AttemptCard key={attempt.id} attempt={attempt} backTo={backTo} spoken={spoken.get(attempt.id)} />}
    />
  );
}

/** `spoken`: the time the Review link names the attempt by, told apart from the list's others (list-times.ts). */
function AttemptRow({ attempt, backTo, spoken }: { attempt: StudentAttemptRow; backTo: string; spoken: AttemptWhen | undefined }) {
  const released = isReleased(attempt);
  return (
    <Table.Tr data-attempt-id={attempt.id}>
      <Table.Td>
        <Text size="sm">
          <When attempt={attempt} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{KIND_LABELS[attempt.kind].attempt}</Text>
      </Table.Td>
      <Table.Td>
        <OverallCell kind={attempt.kind} attempt={attempt} />
      </Table.Td>
      <Table.Td>
        <ReviewState attempt={attempt} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={reviewPath(attempt.id)} state={{ from: backTo }} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          Review
          <VisuallyHidden>{reviewLinkDetail(attempt, spoken ?? formatAttemptDateAndTime(attempt.createdAt))}</VisuallyHidden>
          {released ? <CheckIcon /> : null}
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

/** The row on a phone: kind and date as its title, the overall and the review under their labels, the link at its foot. */
function AttemptCard({ attempt, backTo, spoken }: { attempt: StudentAttemptRow; backTo: string; spoken: AttemptWhen | undefined }) {
  return (
    <RowCard
      dataId={attempt.id}
      title={
        <>
          <Text fw={700} size="sm">
            {KIND_LABELS[attempt.kind].attempt}
          </Text>
          <Text size="xs" c="dimmed">
            <When attempt={attempt} />
          </Text>
        </>
      }
      actions={
        <Button component={Link} to={reviewPath(attempt.id)} state={{ from: backTo }} variant="light" size="sm" fullWidth rightSection={isReleased(attempt) ? <CheckIcon /> : undefined}>
          Review
          <VisuallyHidden>{reviewLinkDetail(attempt, spoken ?? formatAttemptDateAndTime(attempt.createdAt))}</VisuallyHidden>
        </Button>
      }
    >
      <CardFields
        fields={[
          { label: 'Overall Score', value: <OverallCell kind={attempt.kind} attempt={attempt} /> },
          { label: 'Review Status', value: <ReviewState attempt={attempt} /> },
        ]}
      />
    </RowCard>
  );
}
