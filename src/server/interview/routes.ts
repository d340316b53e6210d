import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from '../../shared/zod.js';
import { errorBody } from '../../shared/api/common.js';
import { interviewProfile, interviewSessionSaved, saveInterviewSessionBody } from '../../shared/api/interview.js';
import { newAttemptsPerStudent, saveErrors, savedFor, savesPerStudent } from '../attempts/save-guards.js';
import { requireAuth } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../lib/http-errors.js';
import { saveInterviewAttempt } from './save-attempt.js';
import { readInterviewProfile, saveInterviewProfile } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * The mock interview: the signed-in student's own profile (spec section 7; no other student's is
 * reachable), and the save of a finished interview (POST /api/interview-sessions), scored again by the server.
 */
export async function interviewRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const ownStudentId = (request: Parameters<typeof requireAuth>[0]) => {
    const student = requireAuth(request).student;
    if (!student) throw forbidden('The interview profile belongs to a student account.');
    return student.id;
  };

  api.get('/api/interview/profile', {
    config: { access: 'student' },
    schema: { response: { 200: interviewProfile, ...errors } },
    handler: async (request) => readInterviewProfile(db, ownStudentId(request)),
  });

  api.post('/api/interview/profile', {
    config: { access: 'student' },
    schema: { body: interviewProfile, response: { 200: interviewProfile, ...errors } },
    handler: async (request) => {
      const studentId = ownStudentId(request);
      await saveInterviewProfile(db, studentId, request.body);
      return readInterviewProfile(db, studentId);
    },
  });

  api.post('/api/interview-sessions', {
    config: { access: 'studentOrActing' },
    schema: { body: saveInterviewSessionBody, response: { 200: interviewSessionSaved, 201: interviewSessionSaved, ...saveErrors } },
    preHandler: [newAttemptsPerStudent(app, deps), savesPerStudent(app, deps)],
    handler: async (request, reply) => {
      const who = savedFor(request.body.studentId, request);
      const { row, alreadySaved } = await saveInterviewAttempt(db, { body: request.body, ...who, now: deps.now() });
      return reply.status(alreadySaved ? 200 : 201).send({
        attemptId: row.id,
        scores: row.scores as z.infer<typeof interviewSessionSaved>['scores'],
        alreadySaved,
        assessable: row.assessable,
      });
    },
  });
}
