import { Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { streamedBodyDeadlineMs, type BodyTimeLimits } from '../../shared/api/body-time-limits.js';
import { describeWait } from './throttle.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads a large body as it streams in (the recording upload): its time limit grows with
     * the announced size, counted on at most `maxBytes`, and no byte for a while ends it (body-deadline.ts).
     */
    streamedBody?: { maxBytes: number };
  }
}

/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Requests a deadline ended: the error handler leaves the log line to this module. */
const ended = new WeakSet<IncomingMessage>();

/** Whether the request's connection was closed here because its body did not arrive in time. */
export function endedByBodyDeadline(request: FastifyRequest): boolean {
  return ended.has(request.raw);
}

function announcedLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Number(header);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

type Reason = 'deadline' | 'idle';

const MESSAGES: Record<Reason, (wait: string) => string> = {
  deadline: (wait) => `The request did not arrive within ${wait}, so the server stopped waiting for it. Please try again on a faster connection.`,
  idle: (wait) => `Nothing more of the request arrived for ${wait}, so the server stopped waiting for it. Please try again once the connection is back.`,
};

/**
 * Ends a request whose body is late: a 408 with the sentence when nothing has been answered yet (as
 * Node's own timeout does, written on the socket), then the connection is closed. A handler still
 * reading the body sees a dropped connection: the recording stores delete what they wrote.
 */
function endRequest(request: FastifyRequest, reply: FastifyReply, socket: Socket, reason: Reason, limitMs: number): void {
  ended.add(request.raw);
  const message = MESSAGES[reason](describeWait(Math.max(1, Math.round(limitMs / 1000))));
  request.log.info(
    { reason, limitMs, announcedBytes: announcedLength(request.headers['content-length']) ?? null },
    'the request body did not arrive in time: the connection was closed',
  );
  if (!reply.raw.headersSent && socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Watches one request until its body has fully arrived (Node's `complete`): past its time limit, or,
 * for a streamed body, when for `idleMs` no byte came while the server waited for one (looked at
 * four times per `idleMs`, so it ends within 1.25 × `idleMs`), the request is ended. Keeps watching
 * after an early answer (a 401 before the body was read), with every body's own limit then: Node
 * still reads the rest of the body off the connection.
 */
function watchBody(request: FastifyRequest, reply: FastifyReply, limits: BodyTimeLimits): void {
  const raw = request.raw;
  const socket = raw.socket;
  // Requests made by inject() have no real socket and arrive whole.
  if (raw.complete || !(socket instanceof Socket)) return;
  const streamed = request.routeOptions.config.streamedBody;
  const limitMs = streamed ? streamedBodyDeadlineMs(announcedLength(request.headers['content-length']), streamed.maxBytes, limits) : limits.bodyMs;
  const idleMs = streamed ? limits.idleMs : Number.POSITIVE_INFINITY;
  const started = performance.now();
  let bytesRead = socket.bytesRead;
  let lastArrival = started;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    if (raw.complete || socket.destroyed) return;
    const now = performance.now();
    // Bytes read off the connection, or bytes the route has not read yet (the server is the one
    // behind, e.g. a slow store): the client is not idle.
    if (socket.bytesRead !== bytesRead || raw.readableLength > 0) {
      bytesRead = socket.bytesRead;
      lastArrival = now;
    }
    // Answered before its body was read (a 401, a 404): what still arrives is no upload the route
    // takes, so only every body's own limit holds it, not the streamed upload's (up to hours).
    const limit = reply.raw.writableEnded ? Math.min(limitMs, limits.bodyMs) : limitMs;
    if (now - started >= limit) return endRequest(request, reply, socket, 'deadline', limit);
    if (now - lastArrival >= idleMs) return endRequest(request, reply, socket, 'idle', idleMs);
    timer = setTimeout(check, Math.min(MAX_TIMER_MS, limit - (now - started), idleMs / 4));
    timer.unref();
  };
  timer = setTimeout(check, Math.min(MAX_TIMER_MS, limitMs, idleMs / 4));
  timer.unref();
  raw.once('close', () => clearTimeout(timer));
}

/**
 * A time limit per request for its body to arrive, in place of Node's one `requestTimeout` for the
 * whole server (which app.ts turns off; Node's `headersTimeout` stays): `limits.bodyMs` for every
 * request, and for a route with `config.streamedBody` as long as its size needs at
 * `limits.minBytesPerSecond`, with the idle guard (decision 0013, "The upload's time limit").
 * Installed first, so it watches every request, also one another hook answers early.
 */
export function installBodyDeadlines(app: FastifyInstance, limits: BodyTimeLimits): void {
  app.addHook('onRequest', (request, reply, done) => {
    watchBody(request, reply, limits);
    done();
  });
  // A client that left while an earlier hook waited (a database call under load) has failed the
  // request's stream already; the body's parser, listening only from now on, would hear nothing and
  // hold the request until its deadline. It fails as an abort heard while reading does.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && raw.readableAborted) {
      done(raw.errored ?? Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      return;
    }
    done(null, payload);
  });
}
