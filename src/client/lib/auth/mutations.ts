import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, Credentials, ForgotPasswordBody, User } from '../../../shared/api/auth';
import type { MessageBody } from '../../../shared/api/common';
import { apiPost } from '../api';
import { clearStudentInfo } from '../student-info';
import { currentUserQuery } from './current-user';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) => apiPost<User>('/api/login', body),
    onSuccess: (user) => {
      // Whatever the previous user had loaded belongs to them, not to this one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
      queryClient.setQueryData(currentUserQuery.queryKey, user);
    },
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => apiPost<null>('/api/logout'),
    onSuccess: () => clearStudentInfo(),
  });
}

/**
 * What the app knows of the signed-out user goes: the user (so every guard sends to /auth) and every
 * other query. Called by useSignOut when it leaves for /auth, not at once: the spec's 1 s toast
 * would otherwise be cut short by the route guard redirecting as soon as the user is cleared.
 */
export function forgetSignedOutUser(queryClient: ReturnType<typeof useQueryClient>): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
  queryClient.setQueryData(currentUserQuery.queryKey, null);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiPost<MessageBody>('/api/change-password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => apiPost<MessageBody>('/api/forgot-password', body) });
}
