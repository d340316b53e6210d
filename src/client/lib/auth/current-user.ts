import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../shared/api/auth';
import { apiGet, isApiError } from '../api';

/** The signed-in user, or null when signed out (a 401 here means "no user", not an error). */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiGet<User>('/api/user');
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({ queryKey: ['user'], queryFn: fetchCurrentUser });

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
