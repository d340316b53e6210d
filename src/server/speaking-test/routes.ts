import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from '../../shared/zod.js';
import { saveTestSessionBody, testSessionSaved } from '../../shared/api/attempts.js';
import { newAttemptsPerStudent, saveErrors, savedFor, savesPerStudent } from '../attempts/save-guards.js';
import type { AppDeps } from '../deps.js';
import { recordingInfo, recordingUrl } from '../recordings/service.js';
import { saveSpeakingAttempt } from './save-attempt.js';

/** The speaking test's save (spec section 7: POST /api/test-sessions), scored again by the server. */
export async function speakingTestRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/test-sessions', {
    config: { access: 'studentOrActing' },
    schema: { body: saveTestSessionBody, response: { 200: testSessionSaved, 201: testSessionSaved, ...saveErrors } },
    preHandler: [newAttemptsPerStudent(app, deps), savesPerStudent(app, deps)],
    handler: async (request, reply) => {
      const who = savedFor(request.body.studentId, request);
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
}
