import { RowActions } from '../../../components/RowActions';
import { CardFields, DataTable, RowCard } from '../../../components/TableRows';
import { Anchor, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { HintTooltip } from '../../../components/HintTooltip';
import type { AdminStudent, ListedStudent } from '../../../../shared/api/students';
import { TOOLTIP_DELAY_MS } from '../../../lib/ui';
import { STUDENT_COLUMNS, STUDENTS_TABLE_MIN_WIDTH } from './columns';
import { Table } from '../../../components/Table';
import { StudentStatusBadge } from '../StudentStatusBadge';

interface RowHandlers {
  onEdit: (student: AdminStudent) => void;
  onDelete: (student: AdminStudent) => void;
  onToggleStatus: (student: AdminStudent) => void;
  /** The student whose status is being changed right now. */
  togglingId: number | null;
}

export type StudentsTableProps = RowHandlers & { students: ListedStudent[] | undefined; loading: boolean; emptyText: string };

export function StudentsTable({ students, loading, emptyText, ...actions }: StudentsTableProps) {
  // The list as it stands (search, page): the student page's back link returns to it.
  const { pathname, search } = useLocation();
  const from = pathname + search;
  return (
    <DataTable
      columns={STUDENT_COLUMNS}
      items={students}
      loading={loading}
      emptyText={emptyText}
      minWidth={STUDENTS_TABLE_MIN_WIDTH}
      label="Students"
      renderRow={(student) => <StudentRow key={student.id} student={student} from={from} {...actions} />}
      renderCard={(student) => <StudentCard key={student.id} student={student} from={from} {...actions} />}
    />
  );
}

/** The student's name, a link to their page (/admin/students/:id): everything they saved. */
function StudentName({ student, from }: { student: AdminStudent; from: string }) {
  return (
    <Anchor component={Link} to={`/admin/students/${student.id}`} state={{ from }} fw={600} size="sm" className="touch-target">
      {student.studentName}
    </Anchor>
  );
}

/** The student's sign-in names under their name: username and e-mail, when set. */
function SignInNames({ student }: { student: AdminStudent }) {
  return student.username || student.email ? (
    <Text size="xs" c="dimmed">
      {[student.username, student.email].filter(Boolean).join(' · ')}
    </Text>
  ) : null;
}

/** The status badge, which toggles the status when clicked (spec section 2). */
function StatusToggle({ student, onToggleStatus, togglingId }: Pick<RowHandlers, 'onToggleStatus' | 'togglingId'> & { student: AdminStudent }) {
  const active = student.status === 'Activated';
  const toggling = togglingId === student.id;
  return (
    <HintTooltip label={active ? 'Click to deactivate' : 'Click to activate'} openDelay={TOOLTIP_DELAY_MS}>
      <UnstyledButton
        onClick={() => onToggleStatus(student)}
        disabled={toggling}
        aria-label={`${student.status}: ${active ? 'deactivate' : 'activate'} ${student.studentName}`}
        data-testid="status-toggle"
        className="touch-target"
        style={{ borderRadius: 'var(--mantine-radius-xl)', cursor: toggling ? 'wait' : 'pointer', opacity: toggling ? 0.6 : 1 }}
      >
        <StudentStatusBadge status={student.status} size="lg" style={{ cursor: 'inherit' }} />
      </UnstyledButton>
    </HintTooltip>
  );
}

function StudentRow({ student, from, onEdit, onDelete, onToggleStatus, togglingId }: RowHandlers & { student: ListedStudent; from: string }) {
  return (
    <Table.Tr>
      <Table.Td>
        <StudentName student={student} from={from} />
        <SignInNames student={student} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{student.course}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {student.mobileNumberDisplay}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={student.createdAt}>{student.createdOn}</time>
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusToggle student={student} onToggleStatus={onToggleStatus} togglingId={togglingId} />
      </Table.Td>
      <Table.Td>
        <RowActions noun="student" subject={student.studentName} onEdit={() => onEdit(student)} onDelete={() => onDelete(student)} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The row on a phone: every column under its label, the status badge that toggles, edit and delete. */
function StudentCard({ student, from, onEdit, onDelete, onToggleStatus, togglingId }: RowHandlers & { student: ListedStudent; from: string }) {
  return (
    <RowCard
      dataId={String(student.id)}
      title={
        <>
          <StudentName student={student} from={from} />
          <SignInNames student={student} />
        </>
      }
      actions={<RowActions noun="student" subject={student.studentName} onEdit={() => onEdit(student)} onDelete={() => onDelete(student)} />}
    >
      <CardFields
        fields={[
          { label: 'Course', value: student.course },
          { label: 'Mobile Number', value: <span style={{ whiteSpace: 'nowrap' }}>{student.mobileNumberDisplay}</span> },
          { label: 'Created Date', value: <time dateTime={student.createdAt}>{student.createdOn}</time> },
          { label: 'Status', value: <StatusToggle student={student} onToggleStatus={onToggleStatus} togglingId={togglingId} /> },
        ]}
      />
    </RowCard>
  );
}
