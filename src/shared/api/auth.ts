import { z } from 'zod';
import { newPasswordField } from './common.js';
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, ENTER_PASSWORD, ENTER_SIGN_IN_NAME, PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG, SIGN_IN_NAME_MAX_LENGTH } from './limits.js';
import { course, student } from './entities.js';

/** "is required" when the field is missing, "must be text" when it has another type. */
const textFieldError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be text');

export const credentials = z.strictObject({
  username: z
    .string({ error: textFieldError })
    .trim()
    .min(1, ENTER_SIGN_IN_NAME)
    .max(SIGN_IN_NAME_MAX_LENGTH, `must be at most ${SIGN_IN_NAME_MAX_LENGTH} characters`),
  password: z
    .string({ error: textFieldError })
    .min(1, ENTER_PASSWORD)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});
export type Credentials = z.infer<typeof credentials>;

export const actingStudent = z.object({ id: z.number().int(), studentName: z.string() });

export const user = z.object({
  id: z.number().int(),
  /** The sign-in name; a student without one is shown by mobile number. */
  username: z.string(),
  isAdmin: z.boolean(),
  /** The student's name for students, the username for admins. */
  displayName: z.string(),
  /** True after signing in with a mailed temporary password, until a new one is set. */
  mustChangePassword: z.boolean(),
  /** On a teacher's session: the student taking a test on this device. */
  actingStudent: actingStudent.nullable(),
});
export type User = z.infer<typeof user>;

export const changePasswordBody = z.strictObject({
  /** Not needed right after signing in with a temporary password. */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const forgotPasswordBody = z.strictObject({
  email: z.email(EMAIL_INVALID).max(EMAIL_MAX_LENGTH),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const studentProfile = z.object({ student, course });
export type StudentProfile = z.infer<typeof studentProfile>;

export const checkAccessResponse = z.object({ student });
export type CheckAccessResponse = z.infer<typeof checkAccessResponse>;

export const health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
