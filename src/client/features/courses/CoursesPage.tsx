import { LoadError } from '../../components/LoadError';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { COURSES_PAGE_SIZE } from '../../../shared/api/courses-limits';
import type { Course } from '../../../shared/api/entities';
import { useConfirmDialog } from '../../components/confirm-dialog';
import { Pager } from '../../components/Pager';
import { serverMessageOr } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { useCoursesList } from './api/courses-list';
import { useDeleteCourse } from './api/delete-course';
import { CoursesTable } from './CoursesTable';
import { useDialogOpener } from '../../lib/dialog-opener';
import { pageFrom } from '../../lib/page-param';

// The Add/Edit Course dialog (its form and checks) loads when first opened, then stays mounted so it can animate closed.
const CourseFormModal = lazy(async () => ({ default: (await import('./CourseFormModal')).CourseFormModal }));

export const COURSE_DELETE_CONFIRMATION = 'Are you sure you want to delete this course?';

function CoursesManagement() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const setPage = (next: number) => setParams(next <= 1 ? {} : { page: String(next) });
  const { data, error, isPending, isPlaceholderData, refetch, isFetching } = useCoursesList(page);
  const remove = useDeleteCourse();
  const [dialogOpened, setDialogOpened] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  /** The course in the Edit Course dialog; null for Add Course. Kept while the dialog closes. */
  const [editing, setEditing] = useState<Course | null>(null);
  const opener = useDialogOpener();
  const openDialog = (course: Course | null) => {
    opener.remember();
    setEditing(course);
    setDialogWanted(true);
    setDialogOpened(true);
  };

  // Past the last page (the last course of a page was deleted, or an old link): go to the last page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / COURSES_PAGE_SIZE)) : 1;
  const pastTheEnd = data !== undefined && !isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setParams(lastPage <= 1 ? {} : { page: String(lastPage) }, { replace: true });
  }, [pastTheEnd, lastPage, setParams]);

  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const confirmDelete = (course: Course) =>
    confirm({
      title: `Delete ${course.courseName}?`,
      body: COURSE_DELETE_CONFIRMATION,
      action: 'Delete',
      destructive: true,
      onConfirm: () =>
        remove.mutate(course.id, {
          onSuccess: () => toastSuccess('Course deleted', `${course.courseName} has been deleted.`),
          onError: (mutationError) => toastError('Could not delete the course', serverMessageOr(mutationError, mutationError.message)),
        }),
    });

  return (
    <Container size="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin" size="sm" w="fit-content" className="touch-target">
          ← Back to Admin Dashboard
        </Anchor>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            Courses Management
          </Title>
          <Button onClick={() => openDialog(null)}>Add Course</Button>
        </Group>
        <Text size="sm" c="dimmed" maw={720}>
          Students are enrolled in one course each. The names IELTS, Interview Aspirant and Speaking Level 3 decide where a student
          goes after signing in.
        </Text>

        {error ? (
          <LoadError what="courses" error={error} retry={() => void refetch()} retrying={isFetching} />
        ) : (
          <CoursesTable
            courses={data?.courses}
            loading={isPending}
            onEdit={openDialog}
            onDelete={confirmDelete}
          />
        )}
        {data ? <Pager page={page} total={data.total} pageSize={COURSES_PAGE_SIZE} onChange={setPage} label="courses" /> : null}
      </Stack>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <CourseFormModal
            opened={dialogOpened}
            course={editing}
            onClose={() => {
              setDialogOpened(false);
              opener.giveBack();
            }}
          />
        </Suspense>
      ) : null}
      {confirmDialog}
    </Container>
  );
}

export default function CoursesPage() {
  return <CoursesManagement />;
}
