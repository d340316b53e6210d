import { useQuery } from '@tanstack/react-query';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { apiGet } from '../../lib/api';
import { analysisRefetchInterval } from './analysis-status';

/** My progress's queries live under this key (the list and each attempt). */
export const PROGRESS_QUERY_KEY = ['progress'] as const;

/**
 * One of the student's own attempts, with the review as released; asked again every 5 s while its
 * recording is being analysed. Shared by the student's attempt page (/progress/attempts/:id) and the
 * results shown right after a speaking test or an interview, so both read one cache entry.
 */
export function useOwnAttempt(id: string) {
  return useQuery({
    queryKey: [...PROGRESS_QUERY_KEY, 'attempt', id] as const,
    queryFn: () => apiGet<AttemptDetail>(`/api/student/attempts/${encodeURIComponent(id)}`),
    refetchInterval: (query) => analysisRefetchInterval(query.state.data),
  });
}
