import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentProfile } from '../../shared/api/auth';
import { getQuery } from './api';

/** The signed-in student's record (GET /api/student/profile), shared by the student and interview pages. */
export const studentProfileQuery = queryOptions({
  queryKey: ['student', 'profile'],
  ...getQuery<StudentProfile>('/api/student/profile'),
});

/** Spec section 6: the profile loads only for a signed-in non-admin (pass `enabled` accordingly). */
export function useStudentProfile(enabled = true) {
  return useQuery({ ...studentProfileQuery, enabled });
}
