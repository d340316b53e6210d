import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/api/auth';
import { fetchCurrentUser, userFromPage } from './user-from-page';

export { fetchCurrentUser, userFromPage };

export const currentUserQuery = queryOptions({ queryKey: ['user'], queryFn: fetchCurrentUser });

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * The first screen shows the page at once, without waiting for GET /api/user, when the page says who
 * is signed in (or, after the light app of decision 0022, when it already knew).
 */
export function seedCurrentUser(queryClient: QueryClient, user: User | null | undefined = userFromPage()): void {
  if (user !== undefined) queryClient.setQueryData(currentUserQuery.queryKey, user);
}
