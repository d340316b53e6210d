import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth/current-user';

/** Ends the acting student on this teacher's session (ARCHITECTURE: opening /admin clears it). */
export function useClearStudentSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<null>('/api/admin/clear-sessions'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
