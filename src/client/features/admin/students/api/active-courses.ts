import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveCourses } from '../../../../../shared/api/courses';
import { apiGet } from '../../../../lib/api';

/**
 * The courses a student can be put in. Under ['courses', ...], so the course pages' changes mark it
 * stale, and fetched again whenever a student form opens (a course may have been added meanwhile).
 */
export const activeCoursesQuery = queryOptions({
  queryKey: ['courses', 'active'] as const,
  queryFn: () => apiGet<ActiveCourses>('/api/courses/active'),
});

export function useActiveCourses() {
  return useQuery({ ...activeCoursesQuery, refetchOnMount: 'always' });
}
