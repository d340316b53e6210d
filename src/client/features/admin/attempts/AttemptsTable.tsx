import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AttemptKind, AttemptListRow } from '../../../../shared/api/admin-attempts';
import { attemptListColumns } from '../../../../shared/api/admin-attempts-limits';
import { CRITERIA_OF, CRITERION_LABELS, KIND_LABELS } from '../../../../shared/api/admin-attempts-kinds';
import { CheckIcon } from '../../../components/icons';
import { CardFields, DataTable, RowCard } from '../../../components/TableRows';
import { formatAttemptDateAndTime } from './format';
import { useSpokenTimes, type AttemptWhen } from '../../../components/attempt/list-times';
import { bandsOf, isReleased, OverallCell, reviewLinkDetail, ReviewState, ScoreCell } from './AttemptCells';
import { Table } from '../../../components/Table';
import { StudentStatusBadge } from '../StudentStatusBadge';

/** Spec section 2's columns, then the link to the review page. */
export function attemptColumns(kind: AttemptKind): string[] {
  return [...attemptListColumns(kind), 'Review'];
}

export const reviewPath = (id: string) => `/admin/attempts/${id}`;

/**
 * "+91 98765 43210" kept whole where the table has room, and otherwise broken only after the country
 * code: eleven columns then fit a 1280 px screen with a long name (e2e/admin-attempts.test.ts).
 */
function MobileNumber({ display }: { display: string }) {
  const space = display.indexOf(' ');
  if (space < 0) return <span style={{ whiteSpace: 'nowrap' }}>{display}</span>;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{display.slice(0, space)}</span> <span style={{ whiteSpace: 'nowrap' }}>{display.slice(space + 1)}</span>
    </>
  );
}

function StatusBadge({ attempt }: { attempt: AttemptListRow }) {
  return <StudentStatusBadge status={attempt.status} miw="max-content" />;
}

export function AttemptsTable({
  kind,
  attempts,
  loading,
  emptyText,
  backTo,
}: {
  kind: AttemptKind;
  attempts: AttemptListRow[] | undefined;
  loading: boolean;
  emptyText: string;
  /** The list's address, for the review page's back link. */
  backTo: string;
}) {
  const columns = attemptColumns(kind);
  const navigate = useNavigate();
  const open = (id: string) => navigate(reviewPath(id), { state: { from: backTo } });
  const spoken = useSpokenTimes(attempts);
  return (
    <DataTable
      columns={columns}
      items={attempts}
      loading={loading}
      emptyText={emptyText}
      minWidth={1000}
      label={KIND_LABELS[kind].tab}
      // Mantine's own spacing (xs), not sm: 44 px more for eleven columns on a 1280 px screen.
      horizontalSpacing="xs"
      renderRow={(attempt) => <AttemptRow key={attempt.id} kind={kind} attempt={attempt} onOpen={open} backTo={backTo} spoken={spoken.get(attempt.id)} />}
      renderCard={(attempt) => <AttemptCard key={attempt.id} kind={kind} attempt={attempt} backTo={backTo} spoken={spoken.get(attempt.id)} />}
    />
  );
}

/** `spoken`: the time the Review link names the attempt by (list-times.ts). */
function AttemptRow({ kind, attempt, onOpen, backTo, spoken }: { kind: AttemptKind; attempt: AttemptListRow; onOpen: (id: string) => void; backTo: string; spoken: AttemptWhen | undefined }) {
  const when = formatAttemptDateAndTime(attempt.createdAt);
  const released = isReleased(attempt);
  // The whole row opens the review for a mouse or a finger; keyboards use the row's Review link.
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest('a, button')) return;
    onOpen(attempt.id);
  };
  return (
    <Table.Tr onClick={onClick} style={{ cursor: 'pointer' }} data-attempt-id={attempt.id}>
      <Table.Td>
        <Text fw={600} size="sm" miw={90}>
          {attempt.studentName}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{attempt.course}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <MobileNumber display={attempt.mobileNumberDisplay} />
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge attempt={attempt} />
      </Table.Td>
      <Table.Td>
        <OverallCell kind={kind} attempt={attempt} />
      </Table.Td>
      {CRITERIA_OF[kind].map((criterion) => (
        <Table.Td key={criterion}>
          <ScoreCell kind={kind} {...bandsOf(attempt, criterion)} />
        </Table.Td>
      ))}
      <Table.Td>
        <time dateTime={attempt.createdAt} style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm" span display="block">
            {when.date}
          </Text>
          <Text size="xs" c="dimmed" span display="block">
            {when.time}
          </Text>
        </time>
      </Table.Td>
      <Table.Td>
        <Anchor
          component={Link}
          to={reviewPath(attempt.id)}
          state={{ from: backTo }}
          size="sm"
          fw={600}
          style={{ whiteSpace: 'nowrap', position: 'relative' }}
          title={released ? 'Released to the student' : undefined}
        >
          Review
          <VisuallyHidden>{reviewLinkDetail(attempt, spoken ?? when)}</VisuallyHidden>
          {released ? <CheckIcon /> : null}
        </Anchor>
        {/* The link's own words say it to a screen reader. */}
        <ReviewState attempt={attempt} hidden />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The row on a phone: course, mobile, status and date, then the overall and each criterion under
 * its label, and the Review link across the foot of the card.
 */
function AttemptCard({ kind, attempt, backTo, spoken }: { kind: AttemptKind; attempt: AttemptListRow; backTo: string; spoken: AttemptWhen | undefined }) {
  const when = formatAttemptDateAndTime(attempt.createdAt);
  const released = isReleased(attempt);
  return (
    <RowCard
      dataId={attempt.id}
      title={
        <Text fw={700} size="sm">
          {attempt.studentName}
        </Text>
      }
      actions={
        <Button
          component={Link}
          to={reviewPath(attempt.id)}
          state={{ from: backTo }}
          variant="light"
          size="sm"
          fullWidth
          rightSection={released ? <CheckIcon /> : undefined}
          title={released ? 'Released to the student' : undefined}
        >
          Review
          <VisuallyHidden>{reviewLinkDetail(attempt, spoken ?? when)}</VisuallyHidden>
        </Button>
      }
    >
      <Stack gap="xs">
        <CardFields
          fields={[
            { label: 'Course', value: attempt.course },
            { label: 'Mobile', value: <span style={{ whiteSpace: 'nowrap' }}>{attempt.mobileNumberDisplay}</span> },
            { label: 'Status', value: <StatusBadge attempt={attempt} /> },
            {
              label: KIND_LABELS[kind].dateColumn,
              value: (
                <time dateTime={attempt.createdAt}>
                  {when.date}, {when.time}
                </time>
              ),
            },
            { label: 'Teacher review', value: <ReviewState attempt={attempt} /> },
          ]}
        />
        <CardFields
          cols={3}
          fields={[
            { label: 'Overall Score', value: <OverallCell kind={kind} attempt={attempt} /> },
            ...CRITERIA_OF[kind].map((criterion) => ({
              label: CRITERION_LABELS[criterion],
              value: <ScoreCell kind={kind} {...bandsOf(attempt, criterion)} />,
            })),
          ]}
        />
      </Stack>
    </RowCard>
  );
}
