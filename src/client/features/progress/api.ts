import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import type { ProgressList } from '../../../shared/api/progress';
import { analysisRefetchInterval } from '../../components/attempt/recording-evidence';
import { apiGet } from '../../lib/api';

export const PROGRESS_QUERY_KEY = ['progress'] as const;

export const progressQuery = queryOptions({
  queryKey: [...PROGRESS_QUERY_KEY, 'list'] as const,
  queryFn: () => apiGet<ProgressList>('/api/student/attempts'),
});

/** Every attempt of the signed-in (or acting) student, newest first. */
export function useProgress() {
  return useQuery(progressQuery);
}

/** One of the student's own attempts, with the review as released; asked again every 5 s while its recording is being analysed. */
export function useOwnAttempt(id: string) {
  return useQuery({
    queryKey: [...PROGRESS_QUERY_KEY, 'attempt', id] as const,
    queryFn: () => apiGet<AttemptDetail>(`/api/student/attempts/${encodeURIComponent(id)}`),
    refetchInterval: (query) => analysisRefetchInterval(query.state.data),
  });
}
