/** What the sign-in, forgot-password and password forms check with: loaded by `loadFormChecks` (validators.ts). */
export { changePasswordBody, credentials, forgotPasswordBody } from '../../shared/api/auth-forms';
export { formErrors } from './form-errors';
