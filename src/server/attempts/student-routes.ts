import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attemptDetail as attemptDetailSchema, attemptIdParams } from '../../shared/api/admin-attempts.js';
import { errorBody } from '../../shared/api/common.js';
import { progressList } from '../../shared/api/progress.js';
import { testHistory } from '../../shared/api/test-history.js';
import { effectiveStudentId } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../lib/http-errors.js';
import { attemptDetail } from './attempt-detail.js';
import { speakingTestHistory } from './history.js';
import { studentProgress } from './progress.js';

/** Said for an attempt that is not the caller's as for one that does not exist: nothing about other students leaks. */
export const NO_SUCH_OWN_ATTEMPT = 'There is no such attempt among yours.';

const errors = { 401: errorBody, 403: errorBody };

/**
 * "My progress": the signed-in (or acting) student's own attempts, one of them with the released
 * review, and the latest speaking tests' overall bands (the progress chart on the results).
 */
export async function studentAttemptRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/student/attempts', {
    config: { access: 'studentOrActing' },
    schema: { response: { 200: progressList, ...errors } },
    handler: async (request) => studentProgress(db, effectiveStudentId(request)),
  });

  api.get('/api/student/attempts/:id', {
    config: { access: 'studentOrActing' },
    schema: { params: attemptIdParams, response: { 200: attemptDetailSchema, 400: errorBody, 404: errorBody, ...errors } },
    handler: async (request) => {
      const detail = await attemptDetail(db, request.params.id, { forStudent: effectiveStudentId(request) });
      if (!detail) throw notFound(NO_SUCH_OWN_ATTEMPT);
      return detail;
    },
  });

  /** The student's latest speaking tests (overall bands), oldest first: the progress chart on the results. */
  api.get('/api/student/test-history', {
    config: { access: 'studentOrActing' },
    schema: { response: { 200: testHistory, ...errors } },
    handler: async (request) => speakingTestHistory(db, effectiveStudentId(request)),
  });
}
