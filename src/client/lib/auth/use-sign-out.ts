import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../notify';
import { forgetSignedOutUser, useLogout } from './mutations';

/** Spec: after signing out, the toast shows and the sign-in page opens 1 s later. */
export const LOGOUT_REDIRECT_MS = 1000;

export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toastSuccess('Logged out', 'You have been logged out successfully');
        // The user stays known until then, so no route guard cuts the toast's second short (issue 16).
        window.setTimeout(() => {
          forgetSignedOutUser(queryClient);
          navigate('/auth', { replace: true });
        }, LOGOUT_REDIRECT_MS);
      },
      onError: (error) => toastError('Logout failed', error.message),
    });
  return { signOut, isPending: logout.isPending };
}
