import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { FormModal } from '../../components/FormModal';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { schemaResolver, useForm } from '@mantine/form';
import { courseForm, type CourseFormValues } from '../../../shared/api/courses';
import { COURSE_DESCRIPTION_MAX_LENGTH, COURSE_NAME_MAX_LENGTH } from '../../../shared/api/courses-limits';
import type { Course } from '../../../shared/api/entities';
import { destinationLabel, isRoutingCourseName } from '../../../shared/courses';
import { isApiError, serverMessageOr } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { useCreateCourse } from './api/create-course';
import { useUpdateCourse } from './api/update-course';

interface FormState {
  courseName: string;
  description: string;
  isActive: boolean;
}

/** The Add Course dialog (no course) or the Edit Course dialog (a course). */
export function CourseFormModal({ opened, course, onClose }: { opened: boolean; course: Course | null; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={course ? 'Edit Course' : 'Add Course'} size="lg" closeLabel="Close dialog">
      {/* The modal unmounts its content when closed: each opening starts a fresh form. */}
      <CourseForm key={course?.id ?? 'new'} course={course} onDone={onClose} />
    </FormModal>
  );
}

function CourseForm({ course, onDone }: { course: Course | null; onDone: () => void }) {
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const pending = create.isPending || update.isPending;
  const form = useForm<FormState>({
    // Controlled, so that Save follows the name as it is typed.
    mode: 'controlled',
    initialValues: {
      courseName: course?.courseName ?? '',
      description: course?.description ?? '',
      isActive: course?.isActive ?? true,
    },
    validate: schemaResolver(courseForm, { sync: true }),
  });

  const typedName = form.values.courseName.trim();
  const renamingRoutingCourse = course !== null && isRoutingCourseName(course.courseName) && typedName !== '' && typedName !== course.courseName;

  const onError = (title: string) => (error: Error) => {
    const message = serverMessageOr(error, error.message);
    if (message.startsWith('courseName:')) form.setFieldError('courseName', message.slice('courseName:'.length).trim());
    // A 409 here is about the name: taken by another course, or a routing course's name.
    else if (isApiError(error, 409)) form.setFieldError('courseName', message);
    toastError(title, message);
  };

  const submit = form.onSubmit((state) => {
    const values: CourseFormValues = courseForm.parse(state);
    if (course) {
      update.mutate(
        { id: course.id, ...values },
        {
          onSuccess: () => {
            toastSuccess('Course updated', `${values.courseName} has been saved.`);
            onDone();
          },
          onError: onError('Could not update the course'),
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          toastSuccess('Course created', `${values.courseName} has been added.`);
          onDone();
        },
        onError: onError('Could not create the course'),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Course name"
          required
          maxLength={COURSE_NAME_MAX_LENGTH}
          autoComplete="off"
          data-autofocus
          key={form.key('courseName')}
          {...form.getInputProps('courseName')}
        />
        {renamingRoutingCourse && course ? (
          <Alert
            color="yellow"
            variant="light"
            title="This name decides where students go"
            data-testid="routing-rename-note"
            // Mantine's yellow title text is too faint on the yellow background (WCAG AA).
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            Students of “{course.courseName}” are sent to {destinationLabel(course.courseName)} after signing in because the course
            has exactly this name, so it cannot be renamed. Keep the name “{course.courseName}”; the description and status can still
            change.
            <Group mt="xs">
              <Button size="xs" variant="default" onClick={() => form.setFieldValue('courseName', course.courseName)}>
                Keep “{course.courseName}”
              </Button>
            </Group>
          </Alert>
        ) : null}
        <GrowingTextarea
          label="Description"
          description={`Optional, up to ${COURSE_DESCRIPTION_MAX_LENGTH} characters`}
          minRows={3}
          maxRows={8}
          maxLength={COURSE_DESCRIPTION_MAX_LENGTH}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Switch
          label="Active"
          description="Only active courses can be chosen when adding or editing a student."
          key={form.key('isActive')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={typedName === '' || renamingRoutingCourse}>
            {course ? 'Save Changes' : 'Add Course'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
