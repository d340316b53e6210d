import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttemptDetail } from '../../../../../shared/api/admin-attempts';
import { analysisRefetchInterval } from '../../../../components/attempt/analysis-status';
import { getQuery } from '../../../../lib/api';
import { useFreshOnReturn } from '../../../../lib/fresh-on-return';
import { ATTEMPTS_QUERY_KEY } from './attempts-list';

export const attemptDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...ATTEMPTS_QUERY_KEY, 'detail', id] as const,
    // The student's number comes formatted for display (student.mobileNumberDisplay): no phone library here.
    ...getQuery<AttemptDetail>(`/api/admin/attempts/${encodeURIComponent(id)}`),
  });

/**
 * One attempt with everything the review page shows; asked again every 5 s while its recording is
 * being analysed, and every time its page opens again (another teacher may have reviewed it since).
 */
export function useAttemptDetail(id: string) {
  const options = attemptDetailQuery(id);
  return useQuery({ ...options, refetchInterval: (query) => analysisRefetchInterval(query.state.data), refetchOnMount: useFreshOnReturn(options.queryKey) });
}
