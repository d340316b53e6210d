import { createContext, use, useState } from 'react';
import type { User } from '../../../shared/api/auth';

/**
 * Who is signed in, for the pages both apps render (decision 0022). The full app answers from its
 * `['user']` query (TanStack Query); the light app of the first visit from a small store seeded by
 * the page (`<meta name="parley-user">`), without TanStack Query.
 */
export interface SessionState {
  /** The user; null when signed out; undefined while loading or when it could not be loaded. */
  user: User | null | undefined;
  isPending: boolean;
}

export interface Session {
  /** A hook: the current state, re-rendering on change. */
  useUser: () => SessionState;
  /** After signing in: this user, and nothing a previous user had loaded. */
  signedIn: (user: User) => void;
  /** After signing out: no user (every route guard then sends to /auth) and nothing else they had loaded. */
  signedOut: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('No session: the page must be rendered inside the light or the full app.');
  return session;
}

export function useSessionUser(): SessionState {
  return useSession().useUser();
}

export interface ActionHandlers<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: Error) => void;
}

/** A request started by the person (sign in, sign out ...): its pending state, and what to do after it. No retries (spec section 7). */
export function useAction<V, R>(run: (vars: V) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const mutate = (vars: V, { onSuccess, onError }: ActionHandlers<R> = {}) => {
    setPending(true);
    run(vars).then(
      (result) => {
        setPending(false);
        onSuccess?.(result);
      },
      (error: unknown) => {
        setPending(false);
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  return { mutate, isPending };
}
