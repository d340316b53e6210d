import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSchoolQuestion, AdminSchoolQuestions, SchoolQuestionFormInput } from '../../../../../shared/api/school-questions';
import { apiGet, apiPost, apiRequest } from '../../../../lib/api';

export const SCHOOL_QUESTIONS_QUERY_KEY = ['admin', 'school-questions'] as const;
const URL = '/api/admin/school-questions';

export function useSchoolQuestions() {
  return useQuery({ queryKey: SCHOOL_QUESTIONS_QUERY_KEY, queryFn: () => apiGet<AdminSchoolQuestions>(URL) });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SCHOOL_QUESTIONS_QUERY_KEY });
}

type Saved = { question: AdminSchoolQuestion };

/** Adds a question (no id) or replaces one (with its id). */
export function useSaveSchoolQuestion() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SchoolQuestionFormInput }) =>
      id === null ? apiPost<Saved>(URL, body) : apiRequest<Saved>('PUT', `${URL}/${id}`, body),
    onSuccess,
  });
}

export function useSetRetired() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, retired }: { id: number; retired: boolean }) => apiPost<Saved>(`${URL}/${id}/${retired ? 'retire' : 'restore'}`),
    onSuccess,
  });
}
