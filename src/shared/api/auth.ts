import { z } from '../zod.js';
import { course, student } from './entities.js';

export { changePasswordBody, credentials, forgotPasswordBody, type ChangePasswordBody, type Credentials, type ForgotPasswordBody } from './auth-forms.js';

export const actingStudent = z.object({ id: z.number().int(), studentName: z.string() });

export const user = z.object({
  id: z.number().int(),
  /** The sign-in name; a student without one is shown by mobile number. */
  username: z.string(),
  isAdmin: z.boolean(),
  /** The student's name for students; for admins their name as the school gave it (teachers), else the username. */
  displayName: z.string(),
  /** True after signing in with a mailed temporary password, until a new one is set. */
  mustChangePassword: z.boolean(),
  /** On a teacher's session: the student taking a test on this device. */
  actingStudent: actingStudent.nullable(),
});
export type User = z.infer<typeof user>;

export const studentProfile = z.object({ student, course });
export type StudentProfile = z.infer<typeof studentProfile>;

export const checkAccessResponse = z.object({ student });
export type CheckAccessResponse = z.infer<typeof checkAccessResponse>;

export const health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
