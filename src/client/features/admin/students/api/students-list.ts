import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentsPage } from '../../../../../shared/api/students';
import { STUDENTS_PAGE_SIZE } from '../../../../../shared/api/students-limits';
import { getQuery } from '../../../../lib/api';

/** Every student query starts with this key, so one invalidation after a change refreshes them all. */
export const STUDENTS_QUERY_KEY = ['admin-students'] as const;

export const studentsListQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...STUDENTS_QUERY_KEY, 'list', { page, search }] as const,
    // Each student's number comes formatted for display (mobileNumberDisplay): no phone library here.
    ...getQuery<StudentsPage>(`/api/admin/students?${new URLSearchParams({ page: String(page), limit: String(STUDENTS_PAGE_SIZE), search })}`),
  });

/** One page of students (10 a page), keeping the previous page on screen while the next loads. */
export function useStudentsList(page: number, search: string) {
  return useQuery({ ...studentsListQuery(page, search), placeholderData: keepPreviousData });
}
