import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saveTestSessionBody, testSessionSaved } from '../../shared/api/attempts.js';
import { errorBody } from '../../shared/api/common.js';
import { interviewSessionSaved, saveInterviewSessionBody } from '../../shared/api/interview.js';
import { testHistory } from '../../shared/api/test-history.js';
import { effectiveStudentId, requireAuth } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../lib/http-errors.js';
import { throttle } from '../lib/throttle.js';
import { recordingInfo, recordingUrl } from '../recordings/service.js';
import { speakingTestHistory } from './history.js';
import { saveInterviewAttempt, saveSpeakingAttempt } from './service.js';

export const WRONG_STUDENT_MESSAGE = 'This test belongs to another student: it can only be saved for the student signed in on this device.';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };

export async function attemptRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const savesPerStudent = throttle(app, {
    ...deps.rateLimits.savesPerStudent,
    what: 'saved attempts for this student',
    key: (request) => `save-student:${effectiveStudentId(request)}`,
  });

  /** The student the caller acts for; a studentId in the body must be that student. */
  function studentFor(claimed: number | undefined, request: Parameters<typeof effectiveStudentId>[0]) {
    const studentId = effectiveStudentId(request);
    if (claimed !== undefined && claimed !== studentId) throw forbidden(WRONG_STUDENT_MESSAGE);
    const auth = requireAuth(request);
    return { studentId, savedByUserId: auth.user.isAdmin ? auth.user.id : null };
  }

  api.post('/api/test-sessions', {
    config: { access: 'studentOrActing' },
    schema: { body: saveTestSessionBody, response: { 200: testSessionSaved, 201: testSessionSaved, ...errors } },
    preHandler: savesPerStudent,
    handler: async (request, reply) => {
      const who = studentFor(request.body.studentId, request);
      const { row, alreadySaved } = await saveSpeakingAttempt(db, { body: request.body, ...who, now: deps.now() });
      const recording = await recordingInfo(db, row.id);
      const hasRecording = recording !== null && recording.expiredAt === null;
      return reply.status(alreadySaved ? 200 : 201).send({
        attemptId: row.id,
        assessable: row.assessable,
        scores: row.scores as z.infer<typeof testSessionSaved>['scores'],
        audioUrl: hasRecording ? recordingUrl(row.id) : null,
        alreadySaved,
      });
    },
  });

  api.post('/api/interview-sessions', {
    config: { access: 'studentOrActing' },
    schema: { body: saveInterviewSessionBody, response: { 200: interviewSessionSaved, 201: interviewSessionSaved, ...errors } },
    preHandler: savesPerStudent,
    handler: async (request, reply) => {
      const who = studentFor(request.body.studentId, request);
      const { row, alreadySaved } = await saveInterviewAttempt(db, { body: request.body, ...who, now: deps.now() });
      return reply.status(alreadySaved ? 200 : 201).send({
        attemptId: row.id,
        scores: row.scores as z.infer<typeof interviewSessionSaved>['scores'],
        alreadySaved,
        assessable: row.assessable,
      });
    },
  });

  /** The student's latest speaking tests (overall bands), oldest first: the progress chart on the results. */
  api.get('/api/student/test-history', {
    config: { access: 'studentOrActing' },
    schema: { response: { 200: testHistory, ...errors } },
    handler: async (request) => speakingTestHistory(db, effectiveStudentId(request)),
  });
}
