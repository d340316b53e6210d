import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { useCurrentUser } from '../lib/auth/current-user';
import { useResumeOutbox } from '../lib/outbox/use-resume-outbox';

export const SET_PASSWORD_PATH = '/set-password';

/**
 * Spec section 2: a spinner while the user loads, /auth when signed out, /student for a non-admin on
 * an admin-only route. A user who signed in with a temporary password is first sent to choose a new one.
 * Signed-in pages also resume the outbox: finished attempts the server has not confirmed yet.
 */
export function RouteGuard({ adminOnly = false, children }: { adminOnly?: boolean; children: ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser();
  const location = useLocation();
  useResumeOutbox(user?.id);
  if (isPending) return <FullPageLoader />;
  if (isError || !user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  if (user.mustChangePassword && location.pathname !== SET_PASSWORD_PATH) return <Navigate to={SET_PASSWORD_PATH} replace />;
  if (adminOnly && !user.isAdmin) return <Navigate to="/student" replace />;
  return <>{children}</>;
}
