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
} from '../../shared/api/limits';

/**
 * Form checks for the pages a student opens first. They mirror the server's Zod contracts (same limits
 * and messages from shared/api/limits) without loading Zod, which would cost about 33 KB of the
 * first-visit budget. The server still validates everything.
 */
export function signInNameError(value: string): string | null {
  if (!value.trim()) return ENTER_SIGN_IN_NAME;
  return value.trim().length > SIGN_IN_NAME_MAX_LENGTH ? `must be at most ${SIGN_IN_NAME_MAX_LENGTH} characters` : null;
}

export function signInPasswordError(value: string): string | null {
  if (!value) return ENTER_PASSWORD;
  return value.length > PASSWORD_MAX_LENGTH ? PASSWORD_TOO_LONG : null;
}

export function newPasswordError(value: string): string | null {
  if (value.length < PASSWORD_MIN_LENGTH) return `Password ${PASSWORD_TOO_SHORT}`;
  return value.length > PASSWORD_MAX_LENGTH ? `Password ${PASSWORD_TOO_LONG}` : null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(trimmed)) return `Email ${EMAIL_INVALID}`;
  return null;
}
