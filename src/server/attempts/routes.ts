import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECORDING_MAX_BYTES, RECORDING_MIME_TYPES, recordingSaved, saveTestSessionBody, testSessionSaved } from '../../shared/api/attempts.js';
import { errorBody } from '../../shared/api/common.js';
import { interviewSessionSaved, saveInterviewSessionBody } from '../../shared/api/interview.js';
import { testHistory } from '../../shared/api/test-history.js';
import { effectiveStudentId, requireAuth } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { forbidden, HttpError, notFound } from '../lib/http-errors.js';
import { speakingTestHistory } from './history.js';
import { parseByteRange } from './range.js';
import {
  findAttempt,
  readRecordingBytes,
  recordingInfo,
  recordingUrl,
  saveInterviewAttempt,
  saveRecording,
  saveSpeakingAttempt,
} from './service.js';

export const WRONG_STUDENT_MESSAGE = 'This test belongs to another student: it can only be saved for the student signed in on this device.';
const ATTEMPT_NOT_FOUND = 'There is no such attempt.';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody };
const attemptParams = z.object({ id: z.uuid('must be an attempt id (UUID)') });

export async function attemptRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Recordings arrive as the raw bytes MediaRecorder made (webm, mp4, ...), not as JSON.
  app.addContentTypeParser(/^audio\//, { parseAs: 'buffer', bodyLimit: RECORDING_MAX_BYTES }, (_request, body, done) => done(null, body));

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
    handler: async (request, reply) => {
      const who = studentFor(request.body.studentId, request);
      const { row, alreadySaved } = await saveSpeakingAttempt(db, { body: request.body, ...who, now: deps.now() });
      const hasRecording = (await recordingInfo(db, row.id)) !== null;
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
    handler: async (request, reply) => {
      const who = studentFor(request.body.studentId, request);
      const { row, alreadySaved } = await saveInterviewAttempt(db, { body: request.body, ...who, now: deps.now() });
      return reply.status(alreadySaved ? 200 : 201).send({
        attemptId: row.id,
        scores: row.scores as z.infer<typeof interviewSessionSaved>['scores'],
        alreadySaved,
      });
    },
  });

  /** The student's latest speaking tests (overall bands), oldest first: the progress chart on the results. */
  api.get('/api/student/test-history', {
    config: { access: 'studentOrActing' },
    schema: { response: { 200: testHistory, ...errors } },
    handler: async (request) => speakingTestHistory(db, effectiveStudentId(request)),
  });

  /** The recording of a saved attempt, uploaded after the attempt (retried until it arrives). */
  api.put('/api/attempts/:id/recording', {
    config: { access: 'studentOrActing' },
    bodyLimit: RECORDING_MAX_BYTES,
    schema: { params: attemptParams, response: { 200: recordingSaved, ...errors } },
    handler: async (request) => {
      const studentId = effectiveStudentId(request);
      const attempt = await findAttempt(db, request.params.id);
      if (!attempt || attempt.studentId !== studentId) throw notFound(ATTEMPT_NOT_FOUND);
      const mimeType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!(RECORDING_MIME_TYPES as readonly string[]).includes(mimeType)) {
        throw new HttpError(415, `A recording must be audio (${RECORDING_MIME_TYPES.join(', ')}).`);
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(400, 'The recording is empty.');
      await saveRecording(db, attempt.id, request.headers['content-type'] ?? mimeType, body);
      return { audioUrl: recordingUrl(attempt.id), sizeBytes: body.length };
    },
  });

  /** Plays in the page: HTTP range requests, so a player can show the length and seek. */
  api.get('/api/attempts/:id/recording', {
    config: { access: 'signedIn' },
    schema: { params: attemptParams },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const attempt = await findAttempt(db, request.params.id);
      const mayRead =
        attempt !== null &&
        (auth.user.isAdmin || (auth.student !== null && auth.student.status === 'Activated' && auth.student.id === attempt.studentId));
      if (!attempt || !mayRead) throw notFound(ATTEMPT_NOT_FOUND);
      const info = await recordingInfo(db, attempt.id);
      if (!info) throw notFound('This attempt has no recording.');
      const range = parseByteRange(request.headers.range, info.sizeBytes);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-cache');
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${info.sizeBytes}`).send({ message: 'That part of the recording does not exist.' });
      }
      reply.header('content-type', info.mimeType);
      if (range === null) {
        const all = info.sizeBytes === 0 ? Buffer.alloc(0) : await readRecordingBytes(db, attempt.id, 0, info.sizeBytes - 1);
        return reply.header('content-length', all.length).send(all);
      }
      const bytes = await readRecordingBytes(db, attempt.id, range.start, range.end);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.sizeBytes}`)
        .header('content-length', bytes.length)
        .send(bytes);
    },
  });
}
