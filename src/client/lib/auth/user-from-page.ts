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

/**
 * Who the server served this page to (index-html.ts): null when signed out, undefined when the page
 * does not say (the dev server, or the server could not read the session). Read once, at start.
 */
export function userFromPage(): User | null | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="parley-user"]')?.content;
  if (content === undefined) return undefined;
  try {
    const parsed = JSON.parse(content) as unknown;
    if (parsed === null) return null;
    const candidate = parsed as Partial<User>;
    if (typeof parsed === 'object' && typeof candidate.id === 'number' && typeof candidate.displayName === 'string') return parsed as User;
  } catch {
    // Unreadable: ask the server instead.
  }
  return undefined;
}
