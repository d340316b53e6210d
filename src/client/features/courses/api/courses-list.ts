import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursesPage } from '../../../../shared/api/courses';
import { getQuery } from '../../../lib/api';

/**
 * Every course query starts with this key, so a change to courses invalidates all of them at once:
 * every page of the list here, and any other ['courses', ...] query (e.g. the active courses the
 * student form picks from).
 */
export const COURSES_QUERY_KEY = ['courses'] as const;

export const coursesListQuery = (page: number) =>
  queryOptions({
    queryKey: [...COURSES_QUERY_KEY, 'list', page] as const,
    ...getQuery<CoursesPage>(`/api/admin/courses?page=${page}`),
  });

/** One page of courses (10 a page), keeping the previous page on screen while the next loads. */
export function useCoursesList(page: number) {
  return useQuery({ ...coursesListQuery(page), placeholderData: keepPreviousData });
}
