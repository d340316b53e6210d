import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterviewProfile } from '../../../../shared/api/interview';
import { getQuery } from '../../../lib/api';

export const interviewProfileQuery = queryOptions({
  queryKey: ['interview', 'profile'] as const,
  ...getQuery<InterviewProfile>('/api/interview/profile'),
  // The form is seeded once from this; a background refetch must not look like fresh data mid-edit.
  staleTime: Infinity,
});

export function useInterviewProfile() {
  return useQuery(interviewProfileQuery);
}
