import { PASSWORDS_DO_NOT_MATCH } from '../../shared/api/limits';
import { loadFormChecks } from './validators';

// A type, not an interface: a form's setErrors takes it as a record of field errors.
export type NewPasswordProblems = { newPassword?: string; confirmPassword?: string };

/**
 * A new password and its confirmation, as every page that sets one checks them (set-password after a
 * temporary password, choose-password from a teacher's link): the route's own rules
 * (`newPasswordField`, src/shared/api/auth-forms.ts: "Password must be at least 8 characters"), then
 * that the two are the same. Empty when both pass; without the checks (they could not be loaded),
 * only the confirmation, and the server applies the rules with the same sentences.
 */
export async function newPasswordProblems(newPassword: string, confirmPassword: string): Promise<NewPasswordProblems> {
  const checks = await loadFormChecks();
  const problems: NewPasswordProblems = {};
  const rule = checks?.formErrors(checks.changePasswordBody, { newPassword }, { newPassword: 'Password' }).newPassword;
  if (rule) problems.newPassword = rule;
  if (confirmPassword !== newPassword) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return problems;
}
