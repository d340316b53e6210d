import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseFormValues, CourseResponse } from '../../../../shared/api/courses';
import { apiPost } from '../../../lib/api';
import { COURSES_QUERY_KEY } from './courses-list';

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseFormValues) => apiPost<CourseResponse>('/api/admin/courses', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
