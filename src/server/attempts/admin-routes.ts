import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod.js';
import {
  attemptDetail as attemptDetailSchema,
  attemptIdParams,
  attemptsExportQuery,
  attemptsPage,
  attemptsQuery,
  releaseBody,
  releaseDone,
  reviewBody,
  reviewSaved,
  reviewPresence as reviewPresenceSchema,
  reviewQueue as reviewQueueSchema,
  type AttemptKind,
} from '../../shared/api/admin-attempts.js';
import { errorBody } from '../../shared/api/common.js';
import { studentAttemptsPage, studentAttemptsQuery } from '../../shared/api/admin-student-attempts.js';
import { studentIdParams } from '../../shared/api/students.js';
import { requireAuth } from '../auth/access.js';
import type { AreaDeps } from '../deps.js';
import { EXPORT_STREAM_OPTIONS } from '../lib/export-slots.js';
import { notFound } from '../lib/http-errors.js';
import { attemptExportPages, attemptListCaches, listAttempts, type CompletedRange } from './admin-queries.js';
import { attemptDetail } from './attempt-detail.js';
import { leavePresence, notePresence } from './review-presence.js';
import { reviewQueue } from './review-queue.js';
import { releaseReview, saveReview } from './review.js';
import { mailReviewReady } from './review-mail.js';
import { attemptsCsvPieces, attemptsExportFileName } from './attempts-csv.js';
import { schoolDayRange } from '../lib/school-day.js';
import { studentAttempts, studentAttemptsCaches } from './student-attempts.js';
import { withMailRetries } from '../mail/retry.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const itemErrors = { ...errors, 404: errorBody, 409: errorBody };
const ATTEMPT_NOT_FOUND = 'There is no such attempt. It may have been deleted with its student.';

/** Spec section 7's list paths, per kind. */
const LIST_PATHS: Record<AttemptKind, string> = {
  ielts: '/api/admin/test-attempts',
  interview: '/api/admin/interview-attempts',
};

/** The teacher's view of saved attempts: the two lists, their CSV exports, one student's attempts, one attempt, its review. Admins only. */
export async function adminAttemptRoutes(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const db = deps.database.db;
  const listCaches = attemptListCaches(deps.readCaches);
  const studentCaches = studentAttemptsCaches(deps.readCaches);
  const timeZone = deps.config.SCHOOL_TIMEZONE;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rangeOf = (date: string): CompletedRange => (date ? schoolDayRange(date, timeZone) : null);

  for (const kind of ['ielts', 'interview'] as const) {
    /** One page, newest first; `date` is the attempt's date at the school. */
    api.get(LIST_PATHS[kind], {
      config: { access: 'admin' },
      schema: { querystring: attemptsQuery, response: { 200: attemptsPage, ...errors } },
      handler: async (request) => {
        const { page, limit, date, sort } = request.query;
        return listAttempts(db, listCaches, { kind, range: rangeOf(date), page, limit, sort });
      },
    });

    /**
     * The whole list for the date filter (or every date), as a spreadsheet file, streamed as its pages
     * are read (no 200 schema: a stream). One export per teacher and a few per process at once
     * (lib/export-slots.ts); the slot is freed when the answer ends, fails or its client goes.
     */
    api.get(`${LIST_PATHS[kind]}/export.csv`, {
      config: { access: 'admin' },
      schema: { querystring: attemptsExportQuery },
      handler: async (request, reply) => {
        const { date } = request.query;
        deps.exportSlots.hold(requireAuth(request).user.id, reply.raw);
        const pages = attemptExportPages(db, kind, rangeOf(date));
        // The first page is read before the answer starts, so a database that cannot serve is still a 503 with its sentence.
        const first = await pages.next();
        const rest = async function* () {
          if (!first.done) yield first.value;
          yield* pages;
        };
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${attemptsExportFileName(kind, date, deps.now(), timeZone)}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(attemptsCsvPieces(kind, rest(), timeZone), EXPORT_STREAM_OPTIONS));
      },
    });
  }

  /** One student and a page of their attempts of both kinds, newest first: the teacher's student page (/admin/students/:id). */
  api.get('/api/admin/students/:id/attempts', {
    config: { access: 'admin' },
    schema: { params: studentIdParams, querystring: studentAttemptsQuery, response: { 200: studentAttemptsPage, ...errors, 404: errorBody } },
    handler: async (request) => studentAttempts(db, studentCaches, { studentId: request.params.id, ...request.query }),
  });

  /** Everything the review page shows: the answers, the stored analysis, the recording, the review. */
  api.get('/api/admin/attempts/:id', {
    config: { access: 'admin' },
    schema: { params: attemptIdParams, response: { 200: attemptDetailSchema, ...itemErrors } },
    handler: async (request) => {
      const detail = await attemptDetail(db, request.params.id);
      if (!detail) throw notFound(ATTEMPT_NOT_FOUND);
      return detail;
    },
  });

  /** Where the attempt stands among those awaiting review, and the ones before and after it. */
  api.get('/api/admin/attempts/:id/queue', {
    config: { access: 'admin' },
    schema: { params: attemptIdParams, response: { 200: reviewQueueSchema, ...itemErrors } },
    handler: async (request) => {
      const queue = await reviewQueue(db, request.params.id, requireAuth(request).user.id, deps.now());
      if (!queue) throw notFound(ATTEMPT_NOT_FOUND);
      return queue;
    },
  });

  /**
   * This teacher has the attempt's page open (said every half minute while it is in view, decision
   * 0050): where it stands in the queue for them, which passes by attempts open elsewhere, and who
   * else has it open.
   */
  api.put('/api/admin/attempts/:id/presence', {
    config: { access: 'admin' },
    schema: { params: attemptIdParams, response: { 200: reviewPresenceSchema, ...itemErrors } },
    handler: async (request) => {
      const teacherId = requireAuth(request).user.id;
      const now = deps.now();
      // Side by side: the queue passes by other teachers' pages only, so this one's row does not matter to it.
      const [others, queue] = await Promise.all([notePresence(db, request.params.id, teacherId, now), reviewQueue(db, request.params.id, teacherId, now)]);
      if (!others || !queue) throw notFound(ATTEMPT_NOT_FOUND);
      return { queue, others };
    },
  });

  /** The page has closed: other teachers' Next awaiting may come to the attempt at once. */
  api.delete('/api/admin/attempts/:id/presence', {
    config: { access: 'admin' },
    schema: { params: attemptIdParams, response: { 204: z.null(), ...itemErrors } },
    handler: async (request, reply) => {
      await leavePresence(db, request.params.id, requireAuth(request).user.id);
      return reply.code(204).send(null);
    },
  });

  /** The teacher's comment and bands, kept apart from the automatic estimate; 409 when made from a stale version. */
  api.patch('/api/admin/attempts/:id/review', {
    config: { access: 'admin' },
    schema: { params: attemptIdParams, body: reviewBody, response: { 200: reviewSaved, ...itemErrors } },
    handler: async (request) => {
      const { user } = requireAuth(request);
      const saved = await saveReview(db, {
        attemptId: request.params.id,
        body: request.body,
        reviewer: { id: user.id, username: user.username, displayName: user.displayName, email: user.email },
        now: deps.now(),
        timeZone,
      });
      if (!saved) throw notFound(ATTEMPT_NOT_FOUND);
      return saved;
    },
  });

  /**
   * Releases the saved review to the student (or an amended one again), exactly the version named in
   * the body: the student sees it on their attempt page and is told by e-mail when an address is on
   * file. The mail goes out after the answer.
   */
  api.post('/api/admin/attempts/:id/review/release', {
    config: { access: 'admin' },
    schema: { params: attemptIdParams, body: releaseBody, response: { 200: releaseDone, ...itemErrors } },
    handler: async (request) => {
      const { user } = requireAuth(request);
      const outcome = await releaseReview(db, {
        attemptId: request.params.id,
        reviewer: { id: user.id, username: user.username, displayName: user.displayName, email: user.email },
        now: deps.now(),
        timeZone,
        version: request.body.version,
        reason: request.body.reason?.trim() || null,
      });
      if (!outcome) throw notFound(ATTEMPT_NOT_FOUND);
      const amended = outcome.event.from !== null;
      mailReviewReady(withMailRetries(deps.mailer, request.log), outcome, {
        appTitle: deps.config.APP_TITLE,
        publicUrl: deps.config.PUBLIC_URL,
        timeZone,
        attemptId: request.params.id,
        amended,
      }).catch((error: unknown) => request.log.error({ err: error }, 'sending the review-ready e-mail failed'));
      return {
        release: outcome.release,
        event: outcome.event,
        // Only a mail server delivers: the outbox folder (no SMTP_URL) reaches nobody.
        notified: !outcome.recipient.email ? ('no-email' as const) : deps.mailer.delivers ? ('email' as const) : ('no-mail-server' as const),
        version: outcome.version,
      };
    },
  });
}
