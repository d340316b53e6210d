import { z } from '../zod.js';
import { adminStudent } from './students.js';
import { attemptListRow } from './admin-attempts-list.js';
import { ATTEMPT_KINDS } from './admin-attempts-kinds.js';
import { STUDENT_ATTEMPTS_PAGE_SIZE, STUDENT_ATTEMPTS_PAGE_SIZE_MAX } from './admin-student-attempts-limits.js';

export * from './admin-student-attempts-limits.js';

/*
 * The teacher's page of one student (/admin/students/:id, beyond the spec): the student as the
 * Students list shows them, and their attempts of both kinds, newest first, a page at a time
 * (GET /api/admin/students/:id/attempts). Its id is the Students list's (studentIdParams).
 */

export const studentAttemptsQuery = z.object({
  page: z.coerce.number({ error: 'must be a page number' }).int('must be a page number').min(1, 'must be 1 or more').max(100_000).default(1),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(STUDENT_ATTEMPTS_PAGE_SIZE_MAX, `must be at most ${STUDENT_ATTEMPTS_PAGE_SIZE_MAX}`)
    .default(STUDENT_ATTEMPTS_PAGE_SIZE),
});
export type StudentAttemptsQuery = z.input<typeof studentAttemptsQuery>;

/** A row of the attempts lists, with its kind: the student page lists both kinds together. */
export const studentAttemptRow = attemptListRow.extend({ kind: z.enum(ATTEMPT_KINDS) });
export type StudentAttemptRow = z.infer<typeof studentAttemptRow>;

export const studentAttemptsPage = z.object({
  student: adminStudent,
  attempts: z.array(studentAttemptRow),
  /** The student's attempts of both kinds. */
  total: z.number().int(),
});
export type StudentAttemptsPage = z.infer<typeof studentAttemptsPage>;
