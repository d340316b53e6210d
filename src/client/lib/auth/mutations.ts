import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../shared/api/auth';
import type { MessageBody } from '../../../shared/api/common';
import { apiPost } from '../api';
import type { Session } from './session';
import { currentUserQuery, useCurrentUser } from './current-user';

const notTheUser = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== currentUserQuery.queryKey[0];

/** The full app's session (decision 0022): the `['user']` query. */
export function querySession(queryClient: QueryClient): Session {
  return {
    useUser: () => {
      const { data, isPending } = useCurrentUser();
      return { user: data, isPending };
    },
    // Whatever the previous user had loaded belongs to them, not to this one.
    signedIn: (user) => {
      queryClient.removeQueries({ predicate: notTheUser });
      queryClient.setQueryData(currentUserQuery.queryKey, user);
    },
    signedOut: () => forgetSignedOutUser(queryClient),
  };
}

/**
 * What the app knows of the signed-out user goes: the user (so every guard sends to /auth) and every
 * other query. Called by useSignOut when it leaves for /auth, not at once: the spec's 1 s toast
 * would otherwise be cut short by the route guard redirecting as soon as the user is cleared.
 */
export function forgetSignedOutUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: notTheUser });
  queryClient.setQueryData(currentUserQuery.queryKey, null);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiPost<MessageBody>('/api/change-password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
