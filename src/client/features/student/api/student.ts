import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckAccessResponse, Credentials, StudentProfile } from '../../../../shared/api/auth';
import { apiGet, apiPost } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth/current-user';

export const studentProfileQuery = queryOptions({
  queryKey: ['student', 'profile'],
  queryFn: () => apiGet<StudentProfile>('/api/student/profile'),
});

/** Spec section 6: the profile loads only for a signed-in non-admin. */
export function useStudentProfile(enabled: boolean) {
  return useQuery({ ...studentProfileQuery, enabled });
}

/** A teacher's device: checks a student's credentials and makes them the session's acting student. */
export function useCheckAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) => apiPost<CheckAccessResponse>('/api/student/check-access', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
