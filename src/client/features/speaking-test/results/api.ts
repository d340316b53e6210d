import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestHistory } from '../../../../shared/api/test-history';
import { apiRequest } from '../../../lib/api';

/** A read that hangs (a network that took the request and went quiet) fails after this, instead of spinning on. */
const HISTORY_TIMEOUT_MS = 30_000;

export const testHistoryQuery = queryOptions({
  queryKey: ['student', 'test-history'] as const,
  queryFn: () => apiRequest<TestHistory>('GET', '/api/student/test-history', undefined, { timeoutMs: HISTORY_TIMEOUT_MS }),
  // Each results panel shows a new test: never an earlier visit's list.
  refetchOnMount: 'always',
});

/** The student's earlier speaking tests (overall bands), oldest first. */
export function useTestHistory() {
  return useQuery(testHistoryQuery);
}
