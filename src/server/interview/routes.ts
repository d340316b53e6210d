import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../shared/api/common.js';
import { interviewProfile } from '../../shared/api/interview.js';
import { requireAuth } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../lib/http-errors.js';
import { readInterviewProfile, saveInterviewProfile } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The signed-in student's own interview profile (spec section 7); no other student's is reachable. */
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
}
