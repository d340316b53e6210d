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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<null>('/api/logout'),
    onSuccess: () => {
      clearStudentInfo();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
      queryClient.setQueryData(currentUserQuery.queryKey, null);
    },
  });
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
