/**
 * Limits and messages of the contracts in src/shared/api, stated once (a text shown in the browser and
 * sent by the server must be the same sentence). No Zod here: anything may import these for free.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted anywhere: hashing is deliberately slow, so unbounded input is refused. */
export const PASSWORD_MAX_LENGTH = 128;
/** A teacher's password: every teacher can do everything and signs in from any network (teacherPasswordProblem). */
export const TEACHER_PASSWORD_MIN_LENGTH = 12;
/** The hint under a teacher's new password field. */
export const TEACHER_PASSWORD_HINT = `At least ${TEACHER_PASSWORD_MIN_LENGTH} characters, not only digits`;
export const SIGN_IN_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const ENTER_SIGN_IN_NAME = 'Enter your username or mobile number';
export const ENTER_PASSWORD = 'Enter your password';
export const EMAIL_INVALID = 'must be an e-mail address';
export const PASSWORD_TOO_SHORT = `must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';

/**
 * What is wrong with a teacher's new password, if anything: the first admin's (ADMIN_PASSWORD), one
 * chosen through a set-password link, or changed. Every teacher can do everything in the school's
 * data and signs in from any network, so the bar is above the 8 characters of a student's: 12 at
 * least, and not a guessable shape (all digits, like a phone number, or one character repeated; NIST
 * SP 800-63B, 5.1.1.2, has repetitive passwords refused).
 */
export function teacherPasswordProblem(password: string): string | null {
  if (password.length < TEACHER_PASSWORD_MIN_LENGTH) return `must be at least ${TEACHER_PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (/^\d+$/.test(password)) return 'must not be digits only: use letters too';
  if (/^(.)\1*$/su.test(password)) return 'must not be one character repeated';
  return null;
}
