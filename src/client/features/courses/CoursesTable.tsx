import { RowActions } from '../../components/RowActions';
import { CardFields, DataTable, RowCard } from '../../components/TableRows';
import { Badge, Text } from '@mantine/core';
import type { ListedCourse } from '../../../shared/api/courses';
import { Table } from '../../components/Table';

const COLUMNS = ['Course Name', 'Description', 'Status', 'Created', 'Actions'] as const;

export function CoursesTable({
  courses,
  loading,
  onEdit,
  onDelete,
}: {
  courses: ListedCourse[] | undefined;
  loading: boolean;
  onEdit: (course: ListedCourse) => void;
  onDelete: (course: ListedCourse) => void;
}) {
  return (
    <DataTable
      columns={COLUMNS}
      items={courses}
      loading={loading}
      emptyText="No courses yet. Add one with Add Course."
      minWidth={760}
      renderRow={(course) => <CourseRow key={course.id} course={course} onEdit={onEdit} onDelete={onDelete} />}
      renderCard={(course) => <CourseCard key={course.id} course={course} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
}

function StatusBadge({ course }: { course: ListedCourse }) {
  return (
    // Dark shades: Mantine's default light badges fall below the WCAG AA contrast ratio for small text.
    <Badge
      variant={course.isActive ? 'filled' : 'outline'}
      color={course.isActive ? 'teal.9' : 'gray.7'}
      // A badge may shrink with an ellipsis; in a narrow table column it must keep its whole word.
      style={{ minWidth: 'max-content' }}
    >
      {course.isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function NoDescription() {
  return (
    <Text size="sm" c="dimmed" fs="italic">
      No description
    </Text>
  );
}

function CourseRow({ course, onEdit, onDelete }: { course: ListedCourse; onEdit: (course: ListedCourse) => void; onDelete: (course: ListedCourse) => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {course.courseName}
        </Text>
      </Table.Td>
      <Table.Td maw={360}>
        {course.description ? (
          <Text size="sm" lineClamp={2} title={course.description}>
            {course.description}
          </Text>
        ) : (
          <NoDescription />
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadge course={course} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={course.createdAt}>{course.createdOn}</time>
        </Text>
      </Table.Td>
      <Table.Td>
        <RowActions noun="course" subject={course.courseName} onEdit={() => onEdit(course)} onDelete={() => onDelete(course)} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The row on a phone: the whole description (no clamping), the status, the date, edit and delete. */
function CourseCard({ course, onEdit, onDelete }: { course: ListedCourse; onEdit: (course: ListedCourse) => void; onDelete: (course: ListedCourse) => void }) {
  return (
    <RowCard
      dataId={String(course.id)}
      title={
        <Text fw={700} size="sm">
          {course.courseName}
        </Text>
      }
      actions={<RowActions noun="course" subject={course.courseName} onEdit={() => onEdit(course)} onDelete={() => onDelete(course)} />}
    >
      <CardFields
        fields={[
          { label: 'Description', value: course.description ? course.description : <NoDescription />, wide: true },
          { label: 'Status', value: <StatusBadge course={course} /> },
          { label: 'Created', value: <time dateTime={course.createdAt}>{course.createdOn}</time> },
        ]}
      />
    </RowCard>
  );
}
