import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClassView } from '../../../../../shared/api/class-view';
import { apiGet } from '../../../../lib/api';

export const CLASS_VIEW_QUERY_KEY = ['admin-class'] as const;

/** GET /api/admin/class: one course's figures, or (courseId null) the course picker and every course's attempts awaiting review. */
export function useClassView(courseId: number | null) {
  return useQuery({
    queryKey: [...CLASS_VIEW_QUERY_KEY, courseId] as const,
    queryFn: () => apiGet<ClassView>(courseId === null ? '/api/admin/class' : `/api/admin/class?courseId=${courseId}`),
    placeholderData: keepPreviousData,
    // Students practise while the teacher looks elsewhere: read again whenever the tab opens.
    refetchOnMount: 'always',
  });
}
