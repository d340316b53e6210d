import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod.js';
import { RECORDING_MAX_BYTES, recordingSaved, recordingStorage } from '../../shared/api/attempts.js';
import { errorBody } from '../../shared/api/common.js';
import { effectiveStudentId, requireAuth } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { HttpError, notFound } from '../lib/http-errors.js';
import { isForeignKeyViolation } from '../lib/sql-errors.js';
import type { BudgetStore } from '../lib/budget-store.js';
import { givingBack, throttleCounting } from '../lib/throttle.js';
import { checkedAudio, parseRecordingType, RECORDING_TYPE_MESSAGE, recordingFileExtension, servedRecordingType } from './audio-type.js';
import { parseByteRange } from './range.js';
import { findAttempt, openRecording, recordingInfo, recordingUrl, recordingUsage, saveRecording } from './service.js';
import { seekableRecording } from './seekable.js';
import { isStorageFull, limitedBytes, storageFull, type RecordingStores } from './store.js';
import { attemptReviewed, EMPTY_RECORDING_MESSAGE, overCapMessage, RecordingRefused, REVIEWED_RECORDING_MESSAGE, storedBytesOfStudent, UNREADABLE_REPLACEMENT_MESSAGE } from './upload-guards.js';

export const ATTEMPT_NOT_FOUND = 'There is no such attempt.';
const RECORDING_TOO_LARGE = `A recording may be at most ${RECORDING_MAX_BYTES / (1024 * 1024)} MB.`;

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody, 413: errorBody, 415: errorBody, 422: errorBody, 429: errorBody, 507: errorBody };
const attemptParams = z.object({ id: z.uuid('must be an attempt id (UUID)') });

/** The refusal of a student's next upload while `max` of theirs are still arriving (RateLimits.uploadsAtOncePerStudent). */
export const uploadsAtOnceMessage = (max: number) => `${max} recordings of yours are still arriving. This one will be sent again once they are in.`;

/** Slots per student: `take` gives one (429 when the student has `limit`) and returns its release. */
function uploadSlotsPerStudent(limit: number) {
  const taken = new Map<number, number>();
  return {
    take(studentId: number): () => void {
      const now = taken.get(studentId) ?? 0;
      if (now >= limit) throw new HttpError(429, uploadsAtOnceMessage(limit));
      taken.set(studentId, now + 1);
      return () => {
        const left = (taken.get(studentId) ?? 1) - 1;
        if (left > 0) taken.set(studentId, left);
        else taken.delete(studentId);
      };
    },
  };
}

/** The Content-Length a request announced, or undefined (chunked). */
function announcedLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined) return undefined;
  const value = Number(header);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/**
 * A recording's bytes are sent as the stored, re-written audio type (legacy rows re-written here
 * too), never sniffed, and in a sandbox with nothing allowed: opened on its own, no script in it can
 * run, and it has no origin to call the API from. The app's <audio> player ignores these headers.
 */
function sendAsRecording(reply: FastifyReply, attemptId: string, storedType: string): void {
  const type = servedRecordingType(storedType);
  const disposition = type.startsWith('audio/') ? 'inline' : 'attachment';
  reply
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('content-disposition', `${disposition}; filename="recording-${attemptId}.${recordingFileExtension(type)}"`);
}

/**
 * Recordings: the upload (raw audio bytes, streamed to the store as they arrive, never whole in
 * memory), the player's range reads, and the storage figures for the admin's Settings tab. Registered
 * as its own plugin: the audio body parser exists on the upload route only (decision 0013).
 */
export async function recordingRoutes(app: FastifyInstance, deps: AppDeps & { recordingStores: RecordingStores; budgets: BudgetStore }): Promise<void> {
  const db = deps.database.db;
  const stores = deps.recordingStores;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const studentCapBytes = Math.round(deps.config.RECORDING_STUDENT_CAP_MB * 1_000_000);

  // Only audio reaches the upload: any other type gets 415 before a byte is read. The body is the
  // request stream itself; the handler reads it into the store.
  app.addContentTypeParser(/^audio\//, (_request, payload, done) => done(null, payload));
  app.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(415, RECORDING_TYPE_MESSAGE)));

  const uploadSlots = uploadSlotsPerStudent(deps.rateLimits.uploadsAtOncePerStudent.max);
  // Recordings being written, re-muxed or committed. A closing app waits for them: once the sender
  // has gone (a closed tab, a dropped link) the listener no longer does, and the database and the
  // data folder must outlast a save that is still renaming its file or inserting its row.
  const beingSaved = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(beingSaved);
  });
  const uploadsPerStudent = throttleCounting(app, {
    ...deps.rateLimits.uploadsPerStudent,
    what: 'recording uploads for this student',
    key: (request) => `upload-student:${effectiveStudentId(request)}`,
  });
  const giveBack = givingBack(deps.budgets);

  /**
   * The recording of a saved attempt, uploaded after the attempt (retried until it arrives). Its body
   * may take as long as its size needs at the slowest rate taken (lib/body-deadline.ts), not the 120 s
   * of other bodies: a phone on a slow link sends it for minutes.
   */
  api.put('/api/attempts/:id/recording', {
    config: { access: 'studentOrActing', streamedBody: { maxBytes: RECORDING_MAX_BYTES } },
    schema: { params: attemptParams, response: { 200: recordingSaved, ...errors } },
    // Checked before Fastify reads the type: one it cannot parse ("audio/", two types in one header)
    // would otherwise get its sentence for JSON bodies.
    preParsing: async (request) => {
      if (!parseRecordingType(request.headers['content-type'])) throw new HttpError(415, RECORDING_TYPE_MESSAGE);
    },
    handler: async (request) => {
      const studentId = effectiveStudentId(request);
      const counted = await uploadsPerStudent(request);
      let release: () => void;
      try {
        release = uploadSlots.take(studentId);
      } catch (error) {
        // Told to wait for the student's uploads still arriving, it did no work: its count in the
        // hour's budget is given back, or a phone with many unsent tests would spend the budget on
        // these refusals and be refused for the rest of the hour (a 2-core CI run did).
        if (counted) await giveBack(request, [counted]);
        throw error;
      }
      const saving = receiveRecording(request, request.params.id, studentId);
      beingSaved.add(saving);
      try {
        return await saving;
      } finally {
        beingSaved.delete(saving);
        release();
      }
    },
  });

  /** The upload's body into the store, once its checks pass (the handler above holds one of the student's upload slots meanwhile). */
  async function receiveRecording(request: FastifyRequest, attemptId: string, studentId: number) {
    const source = request.body as AsyncIterable<Uint8Array>;
    const type = parseRecordingType(request.headers['content-type']);
    if (!type) throw new HttpError(415, RECORDING_TYPE_MESSAGE);
    const length = announcedLength(request);
    if (length !== undefined && length > RECORDING_MAX_BYTES) throw new HttpError(413, RECORDING_TOO_LARGE);
    if (length === 0) throw new HttpError(400, EMPTY_RECORDING_MESSAGE);
    const attempt = await findAttempt(db, attemptId);
    if (!attempt || attempt.studentId !== studentId) throw notFound(ATTEMPT_NOT_FOUND);
    // Once reviewed, a stored recording stays (a first upload arriving late is still taken).
    if ((await attemptReviewed(db, attempt.id, false)) && (await recordingInfo(db, attempt.id))) throw new HttpError(409, REVIEWED_RECORDING_MESSAGE);
    const used = await storedBytesOfStudent(db, studentId, attempt.id);
    const room = studentCapBytes - used;
    const overCap = (usedBytes = used) => new HttpError(413, overCapMessage(usedBytes, studentCapBytes));
    if (length !== undefined && length > room) throw overCap();
    const maxBytes = Math.min(RECORDING_MAX_BYTES, room);
    try {
      const { sizeBytes } = await saveRecording(db, stores, {
        attemptId: attempt.id,
        studentId,
        mimeType: type.mimeType,
        log: (message) => request.log.warn(message),
        // Counted again, under a per-student lock, once the bytes are written: parallel uploads.
        capBytes: studentCapBytes,
        source: limitedBytes(checkedAudio(source, type), {
          maxBytes,
          expectedBytes: length,
          tooLarge: () => (maxBytes < RECORDING_MAX_BYTES ? overCap() : new HttpError(413, RECORDING_TOO_LARGE)),
        }),
      });
      deps.analysis?.kick();
      return { audioUrl: recordingUrl(attempt.id), sizeBytes };
    } catch (error) {
      if (error instanceof RecordingRefused) {
        if (error.refusal.kind === 'empty') throw new HttpError(400, EMPTY_RECORDING_MESSAGE);
        if (error.refusal.kind === 'reviewed') throw new HttpError(409, REVIEWED_RECORDING_MESSAGE);
        if (error.refusal.kind === 'unreadable') throw new HttpError(422, UNREADABLE_REPLACEMENT_MESSAGE);
        throw overCap(error.refusal.usedBytes);
      }
      // The attempt was deleted (its student with it) while the bytes arrived: they were removed.
      if (isForeignKeyViolation(error)) throw notFound(ATTEMPT_NOT_FOUND);
      if (isStorageFull(error)) {
        request.log.error({ err: error }, 'a recording could not be stored: storage is full');
        throw storageFull();
      }
      throw error;
    }
  }

  /** Plays in the page: HTTP range requests, so a player can show the length and seek; always streamed. */
  api.get('/api/attempts/:id/recording', {
    config: { access: 'signedIn' },
    schema: { params: attemptParams },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const attempt = await findAttempt(db, request.params.id);
      // A teacher on their own session hears every recording; a device acting for a student only that student's.
      const acting = auth.session.actingStudentId;
      const mayRead =
        attempt !== null &&
        ((auth.user.isAdmin && (acting === null || acting === attempt.studentId)) ||
          (auth.student !== null && auth.student.status === 'Activated' && auth.student.id === attempt.studentId));
      if (!attempt || !mayRead) throw notFound(ATTEMPT_NOT_FOUND);
      const found = await recordingInfo(db, attempt.id);
      if (!found) throw notFound('This attempt has no recording.');
      if (found.expiredAt || !found.storageKey) {
        throw new HttpError(
          410,
          `This recording was deleted on ${found.expiredAt?.toISOString().slice(0, 10) ?? 'an earlier day'}: the school keeps recordings for ${deps.config.RECORDING_RETENTION_DAYS} days. The attempt's transcript and scores are kept.`,
        );
      }
      // One stored before uploads were re-muxed is made seekable the first time it is served.
      const info = await seekableRecording(db, stores, attempt.id, { ...found, storageKey: found.storageKey }, (message) => request.log.warn(message));
      const range = parseByteRange(request.headers.range, info.sizeBytes);
      // A student's voice is not kept in the browser's disk cache, where it would outlive the session
      // on a shared computer; the player holds what it plays in memory.
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${info.sizeBytes}`).send({ message: 'That part of the recording does not exist.' });
      }
      sendAsRecording(reply, attempt.id, info.mimeType);
      const { start, end } = range ?? { start: 0, end: info.sizeBytes - 1 };
      reply.header('content-length', end - start + 1);
      if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${info.sizeBytes}`);
      if (info.sizeBytes === 0) return reply.send('');
      return reply.send(openRecording(stores, info, start, end));
    },
  });

  /** The admin's Settings tab: what recordings take and the rules in force. */
  api.get('/api/admin/storage', {
    config: { access: 'admin' },
    schema: { response: { 200: recordingStorage, ...errors } },
    handler: async () => ({
      ...(await recordingUsage(db)),
      store: stores.writeTo.kind,
      retentionDays: deps.config.RECORDING_RETENTION_DAYS,
      studentCapBytes,
    }),
  });
}
