import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../notify';
import { useLogout } from './mutations';

/** Spec: after signing out, the toast shows and the sign-in page opens 1 s later. */
export const LOGOUT_REDIRECT_MS = 1000;

export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toastSuccess('Logged out', 'You have been logged out successfully');
        window.setTimeout(() => navigate('/auth', { replace: true }), LOGOUT_REDIRECT_MS);
      },
      onError: (error) => toastError('Logout failed', error.message),
    });
  return { signOut, isPending: logout.isPending };
}
