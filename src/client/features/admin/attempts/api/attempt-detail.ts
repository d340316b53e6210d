import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttemptDetail } from '../../../../../shared/api/admin-attempts';
import { analysisRefetchInterval } from '../../../../components/attempt/analysis-status';
import { getQuery } from '../../../../lib/api';
import { ATTEMPTS_QUERY_KEY } from './attempts-list';

export const attemptDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...ATTEMPTS_QUERY_KEY, 'detail', id] as const,
    // The student's number comes formatted for display (student.mobileNumberDisplay): no phone library here.
    ...getQuery<AttemptDetail>(`/api/admin/attempts/${encodeURIComponent(id)}`),
  });

/** One attempt with everything the review page shows; asked again every 5 s while its recording is being analysed. */
export function useAttemptDetail(id: string) {
  return useQuery({ ...attemptDetailQuery(id), refetchInterval: (query) => analysisRefetchInterval(query.state.data) });
}
