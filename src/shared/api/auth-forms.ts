import { z } from 'zod/mini';
import {
  EMAIL_INVALID,
  EMAIL_MAX_LENGTH,
  ENTER_PASSWORD,
  ENTER_SIGN_IN_NAME,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  SIGN_IN_NAME_MAX_LENGTH,
} from './limits.js';

/**
 * The bodies of the forms a visitor meets before signing in (sign in, student access, forgot password)
 * and of the password change: one schema each, for the form in the browser and the route on the server.
 * Written with `zod/mini`, Zod's tree-shakable build on the same core (the server's type provider takes
 * any Zod 4 schema): the sign-in page loads ~5 KB of it instead of ~30 KB of full Zod (decision 0021).
 */

/** "is required" when the field is missing, "must be text" when it has another type. */
export const textFieldError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be text');

export const credentials = z.strictObject({
  username: z
    .string({ error: textFieldError })
    .check(z.trim(), z.minLength(1, ENTER_SIGN_IN_NAME), z.maxLength(SIGN_IN_NAME_MAX_LENGTH, `must be at most ${SIGN_IN_NAME_MAX_LENGTH} characters`)),
  password: z.string({ error: textFieldError }).check(z.minLength(1, ENTER_PASSWORD), z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)),
});
export type Credentials = z.infer<typeof credentials>;

export const newPasswordField = z.string().check(z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT), z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG));

export const changePasswordBody = z.strictObject({
  /** Not needed right after signing in with a temporary password. */
  currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** A student signs in with a mobile number and may type it here too: the mail needs the address instead. */
export const EMAIL_NOT_A_MOBILE_NUMBER =
  'must be the e-mail address the school has for you: the temporary password is sent by e-mail, not to a mobile number. If you do not know that address, ask your teacher to set a new password for you.';

/** Digits with the spaces, dashes, dots, brackets and plus a phone number is written with, and no @. */
const looksLikePhoneNumber = (input: unknown) => typeof input === 'string' && /^\(?\+?[\d\s().-]{6,}$/.test(input.trim());

export const forgotPasswordBody = z.strictObject({
  email: z
    .email({ error: (issue) => (looksLikePhoneNumber(issue.input) ? EMAIL_NOT_A_MOBILE_NUMBER : EMAIL_INVALID) })
    .check(z.maxLength(EMAIL_MAX_LENGTH)),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
