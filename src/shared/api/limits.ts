/**
 * Limits and messages of the contracts in src/shared/api, stated once (a text shown in the browser and
 * sent by the server must be the same sentence). No Zod here: anything may import these for free.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted anywhere: hashing is deliberately slow, so unbounded input is refused. */
export const PASSWORD_MAX_LENGTH = 128;
export const SIGN_IN_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const ENTER_SIGN_IN_NAME = 'Enter your username or mobile number';
export const ENTER_PASSWORD = 'Enter your password';
export const EMAIL_INVALID = 'must be an e-mail address';
export const PASSWORD_TOO_SHORT = `must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';
