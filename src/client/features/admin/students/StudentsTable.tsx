import { LoadingRows, RowActions } from '../../../components/TableRows';
import { Badge, Paper, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { AdminStudent } from '../../../../shared/api/students';
import { formatMobileNumber } from '../../../../shared/phone';
import { getPublicConfig } from '../../../lib/public-config';
import { TOOLTIP_DELAY_MS } from '../../../lib/ui';

export const STUDENT_COLUMNS = ['Student Name', 'Course', 'Mobile Number', 'Created Date', 'Status', 'Actions'] as const;
/** The spec's tooltip delay. */

/** "21 Nov 2026" in the school's time zone. */
export function formatCreatedDate(iso: string, timeZone = getPublicConfig().schoolTimezone): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(iso));
}

interface RowHandlers {
  onEdit: (student: AdminStudent) => void;
  onDelete: (student: AdminStudent) => void;
  onToggleStatus: (student: AdminStudent) => void;
  /** The student whose status is being changed right now. */
  togglingId: number | null;
}

export function StudentsTable({
  students,
  loading,
  emptyText,
  ...actions
}: RowHandlers & { students: AdminStudent[] | undefined; loading: boolean; emptyText: string }) {
  return (
    <Paper withBorder radius="md">
      {/* On a phone the table scrolls sideways inside this box; the page itself never does. */}
      <Table.ScrollContainer minWidth={860} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-busy={loading} aria-label="Students">
          <Table.Thead>
            <Table.Tr>
              {STUDENT_COLUMNS.map((column) => (
                <Table.Th key={column} ta={column === 'Actions' ? 'right' : undefined}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading || !students ? (
              <LoadingRows columns={STUDENT_COLUMNS.length} />
            ) : students.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={STUDENT_COLUMNS.length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              students.map((student) => <StudentRow key={student.id} student={student} {...actions} />)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function StudentRow({ student, onEdit, onDelete, onToggleStatus, togglingId }: RowHandlers & { student: AdminStudent }) {
  const active = student.status === 'Activated';
  const toggling = togglingId === student.id;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {student.studentName}
        </Text>
        {student.username || student.email ? (
          <Text size="xs" c="dimmed">
            {[student.username, student.email].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{student.course}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMobileNumber(student.mobileNumber)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={student.createdAt}>{formatCreatedDate(student.createdAt)}</time>
        </Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={active ? 'Click to deactivate' : 'Click to activate'} openDelay={TOOLTIP_DELAY_MS}>
          <UnstyledButton
            onClick={() => onToggleStatus(student)}
            disabled={toggling}
            aria-label={`${student.status}: ${active ? 'deactivate' : 'activate'} ${student.studentName}`}
            data-testid="status-toggle"
            style={{ borderRadius: 'var(--mantine-radius-xl)', cursor: toggling ? 'wait' : 'pointer', opacity: toggling ? 0.6 : 1 }}
          >
            <Badge variant="dot" color={active ? 'teal' : 'gray'} size="lg" tt="none" style={{ cursor: 'inherit' }}>
              {student.status}
            </Badge>
          </UnstyledButton>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <RowActions noun="student" subject={student.studentName} onEdit={() => onEdit(student)} onDelete={() => onDelete(student)} />
      </Table.Td>
    </Table.Tr>
  );
}

