import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth/current-user';

/** Ends the acting student on this teacher's session (ARCHITECTURE: opening /admin clears it). */
export function useClearStudentSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<null>('/api/admin/clear-sessions'),
    // The session's acting student is all it changes: the user in the cache is updated in place (only
    // if it had one), not asked for again, so the open dashboard is not drawn again for nothing.
    // (An updater that answers undefined leaves the cache as it is.)
    onSuccess: () => {
      queryClient.setQueryData(currentUserQuery.queryKey, (user) => (user?.actingStudent ? { ...user, actingStudent: null } : undefined));
    },
  });
}
