import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckAccessResponse, Credentials } from '../../../../shared/api/auth';
import { apiPost } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth/current-user';

export { studentProfileQuery, useStudentProfile } from '../../../lib/student-profile';

/** A teacher's device: checks a student's credentials and makes them the session's acting student. */
export function useCheckAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) => apiPost<CheckAccessResponse>('/api/student/check-access', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
