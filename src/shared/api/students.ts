import { z } from '../zod.js';
import { parseMobileNumber, phoneRegionName } from '../phone.js';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js';
import { student, studentStatus } from './entities.js';
import { hasALetter, hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE, withoutPastedInvisibles } from './visible-text.js';
import {
  IMPORT_MAX_CHARS,
  IMPORT_TOO_LARGE_MESSAGE,
  SEARCH_MAX_LENGTH,
  STUDENT_NAME_MAX_LENGTH,
  STUDENTS_PAGE_SIZE,
  STUDENTS_PAGE_SIZE_MAX,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './students-limits.js';

export * from './students-limits.js';

/** Student management contracts (spec sections 3, 5 and 7: /api/admin/students...). */

const textError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be text');

/** A student as the admin sees them: the spec's fields plus the optional sign-in name and e-mail. */
export const adminStudent = student.extend({
  /** The stored number as the teacher's pages show it ("+91 98765 43210"), formatted by the server. */
  mobileNumberDisplay: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
});
export type AdminStudent = z.infer<typeof adminStudent>;

export const studentsQuery = z.object({
  page: z.coerce.number({ error: 'must be a page number' }).int('must be a page number').min(1, 'must be 1 or more').max(100_000).default(1),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(STUDENTS_PAGE_SIZE_MAX, `must be at most ${STUDENTS_PAGE_SIZE_MAX}`)
    .default(STUDENTS_PAGE_SIZE),
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`).default(''),
});
export type StudentsQuery = z.input<typeof studentsQuery>;

export const exportQuery = studentsQuery.pick({ search: true });

/** A student in the admin's list: with the day they were added at the school, as the page shows it. */
export const listedStudent = adminStudent.extend({
  /** "21 Nov 2026": `createdAt`'s date in the school's time zone, formatted by the server (the page then needs no Intl). */
  createdOn: z.string(),
});
export type ListedStudent = z.infer<typeof listedStudent>;

export const studentsPage = z.object({ students: z.array(listedStudent), total: z.number().int() });
export type StudentsPage = z.infer<typeof studentsPage>;

export const studentIdParams = z.object({
  id: z.coerce.number({ error: 'must be a student id' }).int('must be a student id').min(1, 'must be a student id').max(2_147_483_647, 'must be a student id'),
});

export const studentNameField = z
  .string({ error: textError })
  .overwrite(withoutPastedInvisibles)
  // Composed (NFC): an accent some keyboards send as a separate mark is stored as one letter, as search folds it (name-fold.ts).
  .overwrite((name) => name.normalize('NFC'))
  .trim()
  .min(1, { error: "Enter the student's name", abort: true })
  .max(STUDENT_NAME_MAX_LENGTH, `must be at most ${STUDENT_NAME_MAX_LENGTH} characters`)
  .refine(hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE)
  .refine(hasALetter, "Write the student's name in letters");

/** Typed as the admin likes ("98765 43210", "+91 98765 43210"); E.164 after validation. */
export function mobileNumberField(region: string) {
  return z
    .string({ error: textError })
    .trim()
    .min(1, 'Enter the mobile number')
    .max(40, 'must be at most 40 characters')
    .refine((value) => parseMobileNumber(value, region) !== null, {
      message: `Enter a valid mobile number; one from outside ${phoneRegionName(region)} starts with + and its country code`,
    })
    .transform((value) => parseMobileNumber(value, region) ?? value);
}

/** Optional text fields: empty, blank or missing means "none" (null). */
const optional = <T extends z.ZodType<string, string>>(inner: T) =>
  z
    .string({ error: 'must be text' })
    .nullish()
    .transform((value) => (value ?? '').trim() || null)
    .pipe(inner.nullable());

export const emailField = optional(
  z.email('Enter a valid e-mail address, or leave it empty').max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`),
);

/**
 * Sign-in names are stored lower-case. One must contain a letter: a username made of digits could
 * be mistaken for another student's mobile number at sign-in.
 */
export const usernameField = optional(
  z
    .string()
    .min(USERNAME_MIN_LENGTH, `must be at least ${USERNAME_MIN_LENGTH} characters`)
    .max(USERNAME_MAX_LENGTH, `must be at most ${USERNAME_MAX_LENGTH} characters`)
    .regex(/^[A-Za-z0-9._-]+$/, 'may use letters, digits, dot, dash and underscore only')
    .regex(/[A-Za-z]/, 'must contain a letter, so that it cannot be mistaken for a mobile number')
    .transform((value) => value.toLowerCase()),
);

/** Optional: empty means "generate one" when creating and "keep the current one" when editing. Not trimmed. */
export const passwordField = z
  .string({ error: 'must be text' })
  .nullish()
  .transform((value) => value || null)
  .pipe(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters, or left empty`)
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .nullable(),
  );

export const statusField = z.enum(studentStatus.options, { error: 'must be Activated or Deactivated' });

/**
 * The Add and Edit Student forms and the bodies of POST /api/admin/students and PUT
 * /api/admin/students/{id} (spec: studentName, course, mobileNumber, status, courseId, plus the
 * optional e-mail, username and password). The server trusts courseId and derives the course name
 * itself; `course` is accepted for the spec's shape and otherwise ignored. Built for the school's
 * phone region, which the server reads from its configuration and the browser from the page.
 */
export function studentForm(region: string) {
  return z.strictObject({
    studentName: studentNameField,
    course: z.string({ error: 'must be text' }).max(200, 'must be at most 200 characters').optional(),
    courseId: z.number({ error: 'Choose a course' }).int('Choose a course').min(1, 'Choose a course').max(2_147_483_647, 'Choose a course'),
    mobileNumber: mobileNumberField(region),
    status: statusField.default('Activated'),
    email: emailField,
    username: usernameField,
    password: passwordField,
  });
}
export type StudentFormInput = z.input<ReturnType<typeof studentForm>>;
export type StudentFormValues = z.output<ReturnType<typeof studentForm>>;

/**
 * The student as the Edit form opened on them (the stored values the list gave it). Beyond the spec:
 * sent with PUT so that a change another teacher saved meanwhile is refused with 409 rather than
 * silently undone by this form's older copy of the other fields.
 */
export const studentEditedFrom = z.strictObject({
  studentName: z.string({ error: 'must be text' }).max(STUDENT_NAME_MAX_LENGTH),
  courseId: z.number({ error: 'must be a course id' }).int(),
  mobileNumber: z.string({ error: 'must be text' }).max(40),
  status: statusField,
  email: z.string({ error: 'must be text' }).max(EMAIL_MAX_LENGTH).nullable(),
  username: z.string({ error: 'must be text' }).max(USERNAME_MAX_LENGTH).nullable(),
});
export type StudentEditedFrom = z.infer<typeof studentEditedFrom>;
/** How the 409 for such a save starts (the form then shows it as a whole, not under one field). */
export const EDIT_CONFLICT_START = 'Another teacher changed ';

/** PUT /api/admin/students/{id}: the form's body, and the student as the form opened on them. */
export function studentUpdate(region: string) {
  return studentForm(region).extend({ editedFrom: studentEditedFrom.optional() });
}
export type StudentUpdateInput = z.input<ReturnType<typeof studentUpdate>>;

/**
 * PATCH /api/admin/students/{id}/toggle-status: the spec sends no body and the status flips. Beyond
 * the spec, `from` is the status the teacher's list shows: the status becomes the other one, and
 * stays as it is when another teacher already set it, so a click on a stale badge never undoes theirs.
 */
export const toggleStatusBody = z.strictObject({ from: statusField });
export type ToggleStatusBody = z.infer<typeof toggleStatusBody>;

export const createStudentResponse = z.object({
  student: adminStudent,
  /** Set when the password was left empty: shown once to the admin, never stored in clear. */
  generatedPassword: z.string().nullable(),
});
export type CreateStudentResponse = z.infer<typeof createStudentResponse>;

export const studentResponse = z.object({ student: adminStudent });
export type StudentResponse = z.infer<typeof studentResponse>;

/* CSV import and export. */

export const importBody = z.strictObject({
  csv: z
    .string({ error: textError })
    .min(1, 'The file is empty')
    .max(IMPORT_MAX_CHARS, IMPORT_TOO_LARGE_MESSAGE),
});
export type ImportBody = z.infer<typeof importBody>;

export const importPreviewRow = z.object({
  /** The line of the file the row ends on (the header is line 1). */
  line: z.number().int(),
  studentName: z.string(),
  course: z.string(),
  /** E.164 when valid, else as written. */
  mobileNumber: z.string(),
  status: z.string(),
  email: z.string(),
  username: z.string(),
  /** Whether the file gives a password or one will be generated. The password itself is never sent back. */
  password: z.enum(['given', 'generated']),
  /** "field: what is wrong", one per problem; empty when the row will be imported. */
  problems: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const importPreview = z.object({
  rows: z.array(importPreviewRow),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** Columns of the file that are not import columns; they are not read. */
  ignoredColumns: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  created: z.array(z.object({ line: z.number().int(), student: adminStudent, generatedPassword: z.string().nullable() })),
  skipped: z.array(z.object({ line: z.number().int(), problems: z.array(z.string()) })),
});
export type ImportResult = z.infer<typeof importResult>;
