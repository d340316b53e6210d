import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgressList } from '../../../shared/api/progress';
import { PROGRESS_QUERY_KEY } from '../../components/attempt/own-attempt';
import { apiGet } from '../../lib/api';

// One attempt's query is shared with the results shown right after a test or an interview.
export { PROGRESS_QUERY_KEY, useOwnAttempt } from '../../components/attempt/own-attempt';

export const progressQuery = queryOptions({
  queryKey: [...PROGRESS_QUERY_KEY, 'list'] as const,
  queryFn: () => apiGet<ProgressList>('/api/student/attempts'),
});

/** Every attempt of the signed-in (or acting) student, newest first. */
export function useProgress() {
  return useQuery(progressQuery);
}
