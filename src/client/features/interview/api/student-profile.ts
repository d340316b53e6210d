import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentProfile } from '../../../../shared/api/auth';
import { apiGet } from '../../../lib/api';

/**
 * The signed-in student's record, for the name on the dashboard. A copy of the student feature's
 * query (features do not import each other); the same key, so both share one cache entry.
 */
export const studentProfileQuery = queryOptions({
  queryKey: ['student', 'profile'],
  queryFn: () => apiGet<StudentProfile>('/api/student/profile'),
});

export function useStudentProfile() {
  return useQuery(studentProfileQuery);
}
