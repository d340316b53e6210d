import type { Credentials, ForgotPasswordBody, User } from '../../../shared/api/auth';
import type { MessageBody } from '../../../shared/api/common';
import { apiPost } from '../api';
import { clearStudentInfo } from '../student-info';

/** The sign-in requests, without TanStack Query: the first-visit pages use them in both apps (decision 0022). */
export const signInRequest = (body: Credentials) => apiPost<User>('/api/login', body);

export const signOutRequest = async (): Promise<void> => {
  await apiPost<null>('/api/logout');
  clearStudentInfo();
};

export const forgotPasswordRequest = (body: ForgotPasswordBody) => apiPost<MessageBody>('/api/forgot-password', body);
