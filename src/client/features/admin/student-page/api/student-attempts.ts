import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentAttemptsPage } from '../../../../../shared/api/admin-student-attempts';
import { studentAttemptsUrl } from '../../../../../shared/api/admin-student-attempts-limits';

export { STUDENT_ATTEMPTS_PAGE_SIZE } from '../../../../../shared/api/admin-student-attempts-limits';
import { getQuery } from '../../../../lib/api';
import { useFreshOnReturn } from '../../../../lib/fresh-on-return';
import { ATTEMPTS_QUERY_KEY } from '../../attempts/api/attempts-list';

/** Under the attempts' key, so a saved or released review refreshes the student's page too. */
export const studentAttemptsQuery = (studentId: string, page: number) =>
  queryOptions({
    queryKey: [...ATTEMPTS_QUERY_KEY, 'student', studentId, { page }] as const,
    // The first page's answer may have come with the page (src/shared/first-visit-routes.ts): the URL is the one listed there.
    ...getQuery<StudentAttemptsPage>(studentAttemptsUrl(encodeURIComponent(studentId), page)),
  });

/**
 * The student and a page of their attempts (10 a page), keeping the previous page on screen while
 * the next loads. Fetched again whenever the page opens again or moves to a page shown before
 * (students save attempts and teachers review them meanwhile), but not over the answer that came with
 * the page itself.
 */
export function useStudentAttempts(studentId: string, page: number) {
  const options = studentAttemptsQuery(studentId, page);
  return useQuery({ ...options, placeholderData: keepPreviousData, staleTime: 0, refetchOnMount: useFreshOnReturn(options.queryKey) });
}
