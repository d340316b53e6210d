import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../../shared/api/common.js';
import { effectiveStudentId, requireAuth } from '../auth/access.js';
import { attempts } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../lib/http-errors.js';
import { throttle } from '../lib/throttle.js';

/*
 * What the two save routes share (POST /api/test-sessions in speaking-test/, POST
 * /api/interview-sessions in interview/): who an attempt is saved for, the answers they may give, and
 * two budgets per student across both kinds: every save (retries of one attempt included), and new
 * attempts (what reaches the teachers' review queue).
 */

export const WRONG_STUDENT_MESSAGE = 'This test belongs to another student: it can only be saved for the student signed in on this device.';

/** The answers a save route may give besides its success. */
export const saveErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };

/**
 * The per-student budget of saved attempts, as a preHandler. Both areas make one; they count against
 * the same key in the app's budget store, so a student's speaking tests and interviews share it.
 */
export function savesPerStudent(app: FastifyInstance, deps: Pick<AppDeps, 'rateLimits'>): (request: FastifyRequest) => Promise<void> {
  return throttle(app, {
    ...deps.rateLimits.savesPerStudent,
    what: 'saved attempts for this student',
    key: (request) => `save-student:${effectiveStudentId(request)}`,
  });
}

/**
 * The per-student budget of new attempts (an attempt id this student has not saved), as a
 * preHandler to run before `savesPerStudent`: a retry of a saved attempt never counts, and a save
 * refused here does not spend the budget of saves that the device's retries of other attempts need.
 */
export function newAttemptsPerStudent(app: FastifyInstance, deps: Pick<AppDeps, 'rateLimits' | 'database'>): (request: FastifyRequest) => Promise<void> {
  const count = throttle(app, {
    ...deps.rateLimits.newAttemptsPerStudent,
    what: 'new tests and interviews saved for this student',
    key: (request) => `new-attempt-student:${effectiveStudentId(request)}`,
  });
  return async (request) => {
    const attemptId = (request.body as { attemptId?: string } | undefined)?.attemptId;
    if (attemptId !== undefined) {
      const [saved] = await deps.database.db
        .select({ id: attempts.id })
        .from(attempts)
        .where(and(eq(attempts.id, attemptId), eq(attempts.studentId, effectiveStudentId(request))))
        .limit(1);
      if (saved) return;
    }
    await count(request);
  };
}

/**
 * The student the caller acts for (never one named by the request): a studentId in the body must be
 * that student. A teacher saving for their acting student is recorded as the one who saved.
 */
export function savedFor(claimed: number | undefined, request: FastifyRequest): { studentId: number; savedByUserId: number | null } {
  const studentId = effectiveStudentId(request);
  if (claimed !== undefined && claimed !== studentId) throw forbidden(WRONG_STUDENT_MESSAGE);
  const auth = requireAuth(request);
  return { studentId, savedByUserId: auth.user.isAdmin ? auth.user.id : null };
}
