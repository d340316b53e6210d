import { Anchor, Badge, Paper, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  bandText,
  CRITERIA_OF,
  CRITERION_LABELS,
  KIND_LABELS,
  type AttemptKind,
  type AttemptListRow,
} from '../../../../shared/api/admin-attempts';
import { formatMobileNumber } from '../../../../shared/phone';
import { formatAttemptDateAndTime } from './format';

/** Spec section 2's columns, then the link to the review page. */
export function attemptColumns(kind: AttemptKind): string[] {
  return [
    'Student Name',
    'Course',
    'Mobile',
    'Status',
    'Overall Score',
    ...CRITERIA_OF[kind].map((criterion) => CRITERION_LABELS[criterion]),
    KIND_LABELS[kind].dateColumn,
    'Review',
  ];
}

export const reviewPath = (id: string) => `/admin/attempts/${id}`;

/**
 * The estimate, and the teacher's band beside it when set: "6.5 · T 7.0". Read out in full
 * ("estimate 6.5, teacher 7.0"); "—" when there is no estimate.
 */
export function ScoreCell({ kind, estimate, teacher }: { kind: AttemptKind; estimate: number | null | undefined; teacher: number | null | undefined }) {
  const shown = estimate === null || estimate === undefined ? null : bandText(kind, estimate);
  const teacherShown = teacher === null || teacher === undefined ? null : bandText(kind, teacher);
  const spoken = [shown === null ? 'no estimate' : `estimate ${shown}`, teacherShown === null ? null : `teacher ${teacherShown}`].filter(Boolean).join(', ');
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">
        {shown ?? '—'}
        {teacherShown !== null ? (
          <Text span size="sm" fw={700} c="indigo.8">
            {' '}
            · T {teacherShown}
          </Text>
        ) : null}
      </span>
      <VisuallyHidden>{spoken}</VisuallyHidden>
    </Text>
  );
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
  return (
    <Paper withBorder radius="md">
      {/* On a phone the table scrolls sideways inside this box; the page itself never does. */}
      <Table.ScrollContainer minWidth={1000} type="native">
        {/* Positioned, so that the visually hidden texts in the cells scroll with the table, not the page. */}
        <Table
          verticalSpacing="sm"
          horizontalSpacing="sm"
          highlightOnHover
          aria-busy={loading}
          aria-label={KIND_LABELS[kind].tab}
          style={{ position: 'relative' }}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} style={{ verticalAlign: 'bottom' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading || !attempts ? (
              <LoadingRows columns={columns} />
            ) : attempts.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              attempts.map((attempt) => <AttemptRow key={attempt.id} kind={kind} attempt={attempt} onOpen={open} backTo={backTo} />)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function AttemptRow({ kind, attempt, onOpen, backTo }: { kind: AttemptKind; attempt: AttemptListRow; onOpen: (id: string) => void; backTo: string }) {
  const active = attempt.status === 'Activated';
  const when = formatAttemptDateAndTime(attempt.createdAt);
  // The whole row opens the review for a mouse or a finger; keyboards use the row's Review link.
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest('a, button')) return;
    onOpen(attempt.id);
  };
  return (
    <Table.Tr onClick={onClick} style={{ cursor: 'pointer' }} data-attempt-id={attempt.id}>
      <Table.Td>
        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {attempt.studentName}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{attempt.course}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMobileNumber(attempt.mobileNumber)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="dot" color={active ? 'teal' : 'gray'} miw="max-content">
          {attempt.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <ScoreCell kind={kind} estimate={attempt.overall} teacher={attempt.teacherScores?.overall} />
      </Table.Td>
      {CRITERIA_OF[kind].map((criterion) => (
        <Table.Td key={criterion}>
          <ScoreCell kind={kind} estimate={attempt.scores?.[criterion]} teacher={attempt.teacherScores?.[criterion]} />
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
          title={attempt.reviewed ? 'Reviewed by a teacher' : undefined}
        >
          Review
          <VisuallyHidden>
            {' '}
            the attempt of {attempt.studentName}, {when.date} {when.time}
            {attempt.reviewed ? ' (reviewed)' : ''}
          </VisuallyHidden>
          {attempt.reviewed ? <CheckIcon /> : null}
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

function LoadingRows({ columns }: { columns: string[] }) {
  return (
    <>
      {[0, 1, 2].map((row) => (
        <Table.Tr key={row}>
          {columns.map((column) => (
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** The reviewed mark beside a row's Review link (its meaning is in the link's hidden text). */
function CheckIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={{ marginInlineStart: 4, verticalAlign: '-3px' }}
    >
      <path d="M5 12l5 5l10 -10" />
    </svg>
  );
}
