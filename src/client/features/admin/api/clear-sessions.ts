import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth/current-user';
import { noteSignInChange } from '../../../lib/auth/sign-in-change';

/** Ends the acting student on this teacher's session (ARCHITECTURE: opening /admin clears it). */
export function useClearStudentSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<null>('/api/admin/clear-sessions'),
    // On a teacher's own session it changes nothing the page shows. A session acting for a student
    // is ended by it (the admin console needs the teacher's own password): the user becomes signed
    // out, and the route guard sends them to sign in. (An updater that answers undefined leaves the
    // cache as it is.)
    onSuccess: () => {
      if (queryClient.getQueryData(currentUserQuery.queryKey)?.actingStudent) noteSignInChange();
      queryClient.setQueryData(currentUserQuery.queryKey, (user) => (user?.actingStudent ? null : undefined));
    },
  });
}
