import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../../shared/api/common.js';
import { effectiveStudentId, requireAuth } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../lib/http-errors.js';
import { throttle } from '../lib/throttle.js';

/*
 * What the two save routes share (POST /api/test-sessions in speaking-test/, POST
 * /api/interview-sessions in interview/): who an attempt is saved for, the answers they may give, and
 * one budget of saves per student across both kinds.
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
 * The student the caller acts for (never one named by the request): a studentId in the body must be
 * that student. A teacher saving for their acting student is recorded as the one who saved.
 */
export function savedFor(claimed: number | undefined, request: FastifyRequest): { studentId: number; savedByUserId: number | null } {
  const studentId = effectiveStudentId(request);
  if (claimed !== undefined && claimed !== studentId) throw forbidden(WRONG_STUDENT_MESSAGE);
  const auth = requireAuth(request);
  return { studentId, savedByUserId: auth.user.isAdmin ? auth.user.id : null };
}
