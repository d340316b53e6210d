import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InterviewProfile } from '../../../../shared/api/interview';
import { apiPost } from '../../../lib/api';
import { interviewProfileQuery } from './interview-profile';

export function useSaveInterviewProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InterviewProfile) => apiPost<InterviewProfile>('/api/interview/profile', body),
    onSuccess: (saved) => queryClient.setQueryData(interviewProfileQuery.queryKey, saved),
  });
}
