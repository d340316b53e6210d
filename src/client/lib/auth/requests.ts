import type { Credentials, ForgotPasswordBody, User } from '../../../shared/api/auth';
import type { MessageBody } from '../../../shared/api/common';
import { apiPost } from '../api';
import { clearStudentInfo } from '../student-info';
import { noteSignInChange } from './sign-in-change';

/** The sign-in requests, without TanStack Query: the first-visit pages use them in both apps (decision 0022). */

/**
 * A sign-in that has no answer by then (a network that took the request and went quiet) stops with
 * "Login failed. Please try again.", instead of a spinner for ever. The server answers in well
 * under a second (one password hash); 30 s is a very slow phone network's worst.
 */
export const SIGN_IN_TIMEOUT_MS = 30_000;

export const signInRequest = async (body: Credentials): Promise<User> => {
  const user = await apiPost<User>('/api/login', body, { timeoutMs: SIGN_IN_TIMEOUT_MS });
  noteSignInChange();
  return user;
};

export const signOutRequest = async (): Promise<void> => {
  await apiPost<null>('/api/logout');
  clearStudentInfo();
  noteSignInChange();
};

export const forgotPasswordRequest = (body: ForgotPasswordBody) => apiPost<MessageBody>('/api/forgot-password', body);
