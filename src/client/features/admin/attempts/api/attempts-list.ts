import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttemptKind, AttemptsPage } from '../../../../../shared/api/admin-attempts';
import { ATTEMPTS_PAGE_SIZE, type AttemptSort } from '../../../../../shared/api/admin-attempts-limits';
import { apiGet } from '../../../../lib/api';

/** Every attempts query starts with this key, so a saved review refreshes the lists and the attempt. */
export const ATTEMPTS_QUERY_KEY = ['admin-attempts'] as const;

/** Spec section 7's list endpoints. */
export const ATTEMPTS_LIST_URL: Record<AttemptKind, string> = {
  ielts: '/api/admin/test-attempts',
  interview: '/api/admin/interview-attempts',
};

export const attemptsListQuery = (kind: AttemptKind, page: number, date: string, sort: AttemptSort = 'newest') =>
  queryOptions({
    queryKey: [...ATTEMPTS_QUERY_KEY, kind, 'list', { page, date, sort }] as const,
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), limit: String(ATTEMPTS_PAGE_SIZE), date });
      // Newest first is the list's own order: its URL stays the spec's.
      if (sort !== 'newest') params.set('sort', sort);
      // Each student's number comes formatted for display (mobileNumberDisplay): no phone library here.
      return apiGet<AttemptsPage>(`${ATTEMPTS_LIST_URL[kind]}?${params}`);
    },
  });

/**
 * One page of attempts (10 a page), keeping the previous page on screen while the next loads.
 * Fetched again whenever the tab opens or moves to a page it showed before: students save attempts
 * and other teachers review them while this teacher looks elsewhere.
 */
export function useAttemptsList(kind: AttemptKind, page: number, date: string, sort: AttemptSort = 'newest') {
  return useQuery({ ...attemptsListQuery(kind, page, date, sort), placeholderData: keepPreviousData, staleTime: 0, refetchOnMount: 'always' });
}
