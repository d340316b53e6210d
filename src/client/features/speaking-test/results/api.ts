import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestHistory } from '../../../../shared/api/test-history';
import { apiGet } from '../../../lib/api';

export const testHistoryQuery = queryOptions({
  queryKey: ['student', 'test-history'] as const,
  queryFn: () => apiGet<TestHistory>('/api/student/test-history'),
  // Each results panel shows a new test: never an earlier visit's list.
  refetchOnMount: 'always',
});

/** The student's earlier speaking tests (overall bands), oldest first. */
export function useTestHistory() {
  return useQuery(testHistoryQuery);
}
