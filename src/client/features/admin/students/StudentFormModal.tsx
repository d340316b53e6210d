import { Alert, Button, Divider, Group, Input, PasswordInput, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { FormModal } from '../../../components/FormModal';
import { Columns } from '../../../components/Columns';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EDIT_CONFLICT_START, studentForm, type AdminStudent, type StudentFormInput } from '../../../../shared/api/students';
import { STUDENT_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../../shared/api/students-limits';
import { studentStatus, type StudentStatus } from '../../../../shared/api/entities';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../../shared/api/limits';
import { formatMobileNumber, parseMobileNumber, phoneRegionName } from '../../../../shared/phone';
import { serverMessageOr } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/notify';
import { getPublicConfig } from '../../../lib/public-config';
import { useActiveCourses } from './api/active-courses';
import { useCreateStudent, useUpdateStudent } from './api/student-mutations';
import { GeneratedPasswordPanel } from './GeneratedPasswordPanel';
import { focusFirstInvalid } from '../../../lib/focus-invalid';

interface FormState {
  studentName: string;
  course: string;
  courseId: number;
  mobileNumber: string;
  status: StudentStatus;
  email: string;
  username: string;
  password: string;
}

const FIELDS: ReadonlyArray<keyof FormState> = ['studentName', 'course', 'courseId', 'mobileNumber', 'status', 'email', 'username', 'password'];

/**
 * The Add Student dialog (no student) or the Edit dialog (a student). After adding a student whose
 * password was generated, it shows that password. Give it a new `key` for each opening.
 */
export function StudentFormModal({ opened, student, onClose }: { opened: boolean; student: AdminStudent | null; onClose: () => void }) {
  const [created, setCreated] = useState<{ student: AdminStudent; password: string } | null>(null);
  const title = created ? 'Student created' : student ? 'Edit Student' : 'Add Student';
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size="lg">
      {created ? (
        <GeneratedPasswordPanel student={created.student} password={created.password} onDone={onClose} />
      ) : (
        <StudentForm student={student} onDone={onClose} onCreatedWithPassword={setCreated} />
      )}
    </FormModal>
  );
}

function StudentForm({
  student,
  onDone,
  onCreatedWithPassword,
}: {
  student: AdminStudent | null;
  onDone: () => void;
  onCreatedWithPassword: (created: { student: AdminStudent; password: string }) => void;
}) {
  const region = getPublicConfig().phoneRegion;
  const schema = useMemo(() => studentForm(region), [region]);
  const courses = useActiveCourses();
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const form = useForm<FormState>({
    mode: 'controlled',
    initialValues: {
      studentName: student?.studentName ?? '',
      course: student?.course ?? '',
      courseId: student?.courseId ?? 0,
      mobileNumber: student ? formatMobileNumber(student.mobileNumber) : '',
      status: student?.status ?? 'Activated',
      email: student?.email ?? '',
      username: student?.username ?? '',
      password: '',
    },
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });

  // Active courses, plus the student's own course if it has been deactivated since (they may stay in it).
  const courseOptions = useMemo(() => {
    const options = (courses.data?.courses ?? []).map((c) => ({ value: String(c.id), label: c.courseName }));
    if (student && !options.some((o) => o.value === String(student.courseId))) {
      // Called inactive only once the active courses are known: not while they are still loading.
      options.push({ value: String(student.courseId), label: courses.data ? `${student.course} (inactive)` : student.course });
    }
    return options;
  }, [courses.data, student]);

  const normalised = parseMobileNumber(form.values.mobileNumber, region);

  // A refused submit (by the checks or the server, for a field) takes the focus to the first field
  // marked invalid: a screen reader reads its label and its error, where the button said nothing.
  const formElement = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formElement.current);
  }, [refusals]);
  const refused = () => setRefusals((count) => count + 1);

  const onError = (title: string) => (error: Error) => {
    const message = serverMessageOr(error, error.message);
    // Another teacher's change since the form opened concerns the whole student, not one field.
    if (message.startsWith(EDIT_CONFLICT_START)) {
      toastError(title, message);
      return;
    }
    const field = FIELDS.find((name) => message.startsWith(`${name}:`));
    if (field) form.setFieldError(field, message.slice(field.length + 1).trim());
    else if (/mobile number/.test(message)) form.setFieldError('mobileNumber', message);
    else if (/username/.test(message)) form.setFieldError('username', message);
    refused();
    toastError(title, message);
  };

  const submit = form.onSubmit((state) => {
    const body: StudentFormInput = state;
    if (student) {
      // The student as this form opened on them: the server refuses the save if another teacher changed them since.
      const { studentName, courseId, mobileNumber, status, email, username } = student;
      update.mutate(
        { id: student.id, body: { ...body, editedFrom: { studentName, courseId, mobileNumber, status, email, username } } },
        {
          onSuccess: ({ student: saved }) => {
            toastSuccess('Student updated', `${saved.studentName} has been saved.`);
            onDone();
          },
          onError: onError('Could not update the student'),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: ({ student: saved, generatedPassword }) => {
        toastSuccess('Student created', `${saved.studentName} has been added.`);
        if (generatedPassword) onCreatedWithPassword({ student: saved, password: generatedPassword });
        else onDone();
      },
      onError: onError('Could not create the student'),
    });
  }, refused);

  const courseError = courses.error ? `Could not load the courses: ${serverMessageOr(courses.error, courses.error.message)}` : undefined;
  const noCourses = courses.isSuccess && courseOptions.length === 0;

  return (
    <form ref={formElement} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Student name"
          required
          maxLength={STUDENT_NAME_MAX_LENGTH}
          autoComplete="off"
          data-autofocus
          key={form.key('studentName')}
          {...form.getInputProps('studentName')}
        />
        <Select
          label="Course"
          required
          placeholder={courses.isPending ? 'Loading courses…' : 'Choose a course'}
          data={courseOptions}
          value={form.values.courseId ? String(form.values.courseId) : null}
          onChange={(value, option) => {
            form.setFieldValue('courseId', value ? Number(value) : 0);
            form.setFieldValue('course', option ? option.label.replace(/ \(inactive\)$/, '') : '');
            form.clearFieldError('courseId');
          }}
          onBlur={() => form.validateField('courseId')}
          error={form.errors.courseId ?? courseError}
          description={noCourses ? 'There is no active course: add or activate one under Manage Courses.' : undefined}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Mobile number"
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={40}
          description={
            normalised
              ? `Saved as ${formatMobileNumber(normalised)}`
              : `For example 98765 43210; a number from outside ${phoneRegionName(region)} starts with + and its country code`
          }
          key={form.key('mobileNumber')}
          {...form.getInputProps('mobileNumber')}
        />
        <Input.Wrapper label="Status" labelElement="div" labelProps={{ id: 'student-status-label' }}>
          <SegmentedControl
            aria-labelledby="student-status-label"
            data={studentStatus.options.map((value) => ({ value, label: value }))}
            key={form.key('status')}
            {...form.getInputProps('status')}
            display="flex"
            w="fit-content"
          />
        </Input.Wrapper>
        <Divider label="Optional" labelPosition="left" />
        <Columns cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            maxLength={EMAIL_MAX_LENGTH}
            description="For forgot-password e-mails"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USERNAME_MAX_LENGTH}
            description="Another way to sign in (letters, digits, . - _)"
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
        </Columns>
        <PasswordInput
          label={student ? 'New password' : 'Password'}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          description={
            student ? 'Leave empty to keep the current password. A new one signs the student out everywhere.' : 'Leave empty to generate one'
          }
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        {form.values.status === 'Deactivated' && student?.status === 'Activated' ? (
          <Alert color="yellow" variant="light" p="xs">
            Deactivating signs {student.studentName} out at once.
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {student ? 'Save Changes' : 'Add Student'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
