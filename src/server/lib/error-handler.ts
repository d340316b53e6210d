import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { endedByBodyDeadline } from './body-deadline.js';
import { BUDGET_STORE_UNAVAILABLE_MESSAGE, isBudgetStoreUnavailable } from './budget-store.js';
import { HttpError } from './http-errors.js';
import { fieldSubject, isZodDefaultMessage, problemOf, sentence, type IssueFacts } from './validation-sentences.js';

/** One issue as fastify-type-provider-zod hands it on: Zod's code as `keyword`, its facts (maximum, expected, keys...) as `params`. */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Omit<IssueFacts, 'code' | 'message' | 'path'>;
}

/**
 * The 400 sentence for the first Zod issue. The project's own messages name the problem only and
 * get the field's path before them ("username: is required"; a form puts the problem under its
 * field: profile-form.ts). Zod's own texts ("Too big: expected string to have <=20000 characters")
 * become a sentence naming the field as a person reads it: "The answer to question 1 is too long:
 * at most 20,000 characters." A problem with the whole body, query string or address is a sentence too.
 */
function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const path = first.instancePath?.split('/').filter(Boolean) ?? [];
  const message = first.message ?? '';
  const issue: IssueFacts = { ...first.params, code: first.keyword, message, path };
  if (path.length > 0 && message !== '' && !isZodDefaultMessage(message)) return `${path.map(String).join('.')}: ${message}`;
  // A body that is not an object at all: the same sentence whichever message its schema has.
  const whole = path.length === 0 && issue.code === 'invalid_type' ? { ...issue, message: '' } : issue;
  return sentence(fieldSubject(context, path), problemOf(whole));
}

/** Node's errors on a request whose client went away before sending all of it. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Whether the request failed because its client closed the connection before sending the whole body
 * (a phone losing its network mid-upload): the request stream was aborted and the error, or one of
 * its causes, is Node's 'aborted' (ECONNRESET) or a stream closed early. Normal on phones, not a
 * server fault. A database connection reset (also ECONNRESET) on a request that arrived whole is not this.
 */
function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  if (!request.raw.readableAborted) return false;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if ((typeof code === 'string' && CLIENT_GONE_CODES.has(code)) || message === 'aborted') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The sentence a person gets (503) when the database cannot serve right now. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable right now. Please try again in a minute.';

/** One error handler: logs with the request's context and answers `{ message }`, hiding the text of 5xx errors. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const zodError = error as FastifyError & { validation: ValidationIssue[]; validationContext?: string };
      return reply.status(400).send({ message: describeValidation(zodError.validationContext, zodError.validation) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on the server. Please try again.' });
    }
    if (isClientAbort(error, request)) {
      // Nobody reads the answer; one line without a stack says what happened. When the body's time
      // limit closed the connection, body-deadline.ts has said so.
      if (!endedByBodyDeadline(request)) {
        request.log.info({ code: (error as NodeJS.ErrnoException).code, reason: error.message }, 'the client closed the connection before its request was complete');
      }
      return reply.status(400).send({ message: 'The request was cut off before all of it arrived.' });
    }
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (statusCode >= 500 && isBudgetStoreUnavailable(error)) {
      // Redis (REDIS_URL) down or too slow: the budget could not be counted, so the request is not served.
      request.log.error({ err: error }, 'request refused: the budget store is not reachable');
      return reply.status(503).send({ message: BUDGET_STORE_UNAVAILABLE_MESSAGE });
    }
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      const unavailable = isDatabaseUnavailable(error);
      return reply
        .status(unavailable ? 503 : 500)
        .send({
          message: unavailable ? DATABASE_UNAVAILABLE_MESSAGE : 'Something went wrong on the server. Please try again.',
        });
    }
    return reply.status(statusCode).send({ message: friendlyClientError(error as FastifyError) });
  });
}

function friendlyClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    default:
      return error.message;
  }
}

/** Node's socket errors when the database server cannot be reached or dropped the connection. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * SQLSTATEs with which PostgreSQL says it cannot serve now (rather than that the query is wrong):
 * - class 08, connection exception (08000, 08001, 08003, 08004, 08006 ...);
 * - class 53, insufficient resources: 53000, 53100 disk full, 53200 out of memory, 53300 too many
 *   connections, 53400 configuration limit exceeded;
 * - 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down,
 *   in recovery). Not the rest of class 57 (57014 is a cancelled statement).
 * 55000 (object not in prerequisite state) only when it says the server is in recovery or not
 * accepting connections (also a database closed with ALTER DATABASE ... ALLOW_CONNECTIONS false, "is
 * not currently accepting connections"): the same code also means, for example, a sequence's currval
 * read too early.
 * 55P03 (lock not available) and 55006 (object in use) are answers about the data, not the server.
 */
export function isUnavailableSqlState(code: string, message = ''): boolean {
  if (code.startsWith('08') || code.startsWith('53')) return true;
  if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  if (code === '55000') return /recovery is in progress|not (yet |currently )?accepting connections|shutting down|starting up/i.test(message);
  return false;
}

/**
 * pg's and PGlite's own errors for a connection lost or never made, and for a pool or client already
 * closed (the process is stopping): none is about the query.
 */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|PGlite is clos(ed|ing)/i;

/** Whether an error (as pg, PGlite or Drizzle's wrapping gives it) means the database cannot serve right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string') {
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code, text)) return true;
    }
    if (UNAVAILABLE_MESSAGE.test(text)) return true;
    // Node's connect() to several addresses fails with an AggregateError of the attempts.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => inner !== current && isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
