import { Anchor, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { attemptListColumns, bandText, CRITERIA_OF, KIND_LABELS, type AttemptKind, type AttemptListRow } from '../../../../shared/api/admin-attempts';
import { formatMobileNumber } from '../../../../shared/phone';
import { CheckIcon } from '../../../components/icons';
import { DataTable } from '../../../components/TableRows';
import { formatAttemptDateAndTime } from './format';

/** Spec section 2's columns, then the link to the review page. */
export function attemptColumns(kind: AttemptKind): string[] {
  return [...attemptListColumns(kind), 'Review'];
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
    <DataTable
      columns={columns}
      items={attempts}
      loading={loading}
      emptyText={emptyText}
      minWidth={1000}
      label={KIND_LABELS[kind].tab}
      horizontalSpacing="sm"
      renderRow={(attempt) => <AttemptRow key={attempt.id} kind={kind} attempt={attempt} onOpen={open} backTo={backTo} />}
    />
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
        {attempt.awaitingTeacher ? (
          <Badge variant="light" color="blue" c="blue.9" miw="max-content" data-testid="awaiting-teacher">
            Awaiting teacher&apos;s bands
          </Badge>
        ) : (
          <ScoreCell kind={kind} estimate={attempt.overall} teacher={attempt.teacherScores?.overall} />
        )}
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
