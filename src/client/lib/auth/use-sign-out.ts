import { useAppNavigate } from '../nav';
import { toastError, toastSuccess } from '../notify';
import { signOutRequest } from './requests';
import { useAction, useSession } from './session';

/** Spec: after signing out, the toast shows and the sign-in page opens 1 s later. */
export const LOGOUT_REDIRECT_MS = 1000;

export function useSignOut() {
  const logout = useAction(signOutRequest);
  const navigate = useAppNavigate();
  const session = useSession();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toastSuccess('Logged out', 'You have been logged out successfully');
        // The user stays known until then, so no route guard cuts the toast's second short.
        window.setTimeout(() => {
          session.signedOut();
          navigate('/auth', { replace: true });
        }, LOGOUT_REDIRECT_MS);
      },
      onError: (error) => toastError('Logout failed', error.message),
    });
  return { signOut, isPending: logout.isPending };
}
