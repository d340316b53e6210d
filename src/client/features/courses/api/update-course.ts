import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseFormValues, CourseResponse } from '../../../../shared/api/courses';
import { apiRequest } from '../../../lib/api';
import { COURSES_QUERY_KEY } from './courses-list';

/** PUT with the body the spec gives: id, courseName, description, isActive. */
export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: CourseFormValues & { id: number }) =>
      apiRequest<CourseResponse>('PUT', `/api/admin/courses/${id}`, { id, ...values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
