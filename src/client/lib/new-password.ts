import { PASSWORDS_DO_NOT_MATCH, teacherPasswordProblem } from '../../shared/api/limits';
import { loadFormChecks } from './validators';

// A type, not an interface: a form's setErrors takes it as a record of field errors.
export type NewPasswordProblems = { newPassword?: string; confirmPassword?: string };

/**
 * A new password and its confirmation, as every page that sets one checks them (set-password after a
 * temporary password, choose-password from a teacher's link): the route's own rules
 * (`newPasswordField`, src/shared/api/auth-forms.ts: "Password must be at least 8 characters"; for
 * a teacher, `teacherPasswordProblem`: "A teacher's password must be at least 12 characters", as
 * the server says it), then that the two are the same. Empty when both pass; without the checks
 * (they could not be loaded), only the teacher's rule and the confirmation, and the server applies
 * the rules with the same sentences.
 */
export async function newPasswordProblems(newPassword: string, confirmPassword: string, { teacher = false } = {}): Promise<NewPasswordProblems> {
  const problems: NewPasswordProblems = {};
  const rule = teacher ? teacherPasswordRule(newPassword) : await studentPasswordRule(newPassword);
  if (rule) problems.newPassword = rule;
  if (confirmPassword !== newPassword) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return problems;
}

/** A teacher's new password against the teachers' bar (decision 0066), in the server's sentence; null when it passes. */
export function teacherPasswordRule(newPassword: string): string | null {
  const problem = teacherPasswordProblem(newPassword);
  return problem ? `A teacher's password ${problem}` : null;
}

async function studentPasswordRule(newPassword: string): Promise<string | undefined> {
  const checks = await loadFormChecks();
  return checks?.formErrors(checks.changePasswordBody, { newPassword }, { newPassword: 'Password' }).newPassword;
}
