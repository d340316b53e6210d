import type { ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import negotiateEncoding from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { health, type User } from '../shared/api/auth.js';
import { BODY_TIME_LIMITS } from '../shared/api/body-time-limits.js';
import { errorBody } from '../shared/api/common.js';
import { adminAttemptRoutes } from './attempts/admin-routes.js';
import { studentAttemptRoutes } from './attempts/student-routes.js';
import accessPlugin from './auth/access.js';
import { adminSessionRoutes } from './auth/admin-routes.js';
import { cookiesSecure, createSessionCache, findSession, sessionTokenOf, type SessionCache } from './auth/sessions.js';
import { sessionUserDto } from './auth/service.js';
import { authRoutes } from './auth/routes.js';
import { classViewRoutes } from './class-view/routes.js';
import { deviceDebugRoutes } from './device-debug/routes.js';
import { interviewRoutes } from './interview/routes.js';
import { publicConfig } from './config.js';
import type { AppDeps, AreaDeps } from './deps.js';
import { installBodyDeadlines } from './lib/body-deadline.js';
import { installErrorHandler } from './lib/error-handler.js';
import inputGuard from './lib/input-guard.js';
import { installJsonBodyParser } from './lib/json-body.js';
import { safeLoggerOptions } from './lib/log-safety.js';
import { HttpError } from './lib/http-errors.js';
import { createReadCaches, invalidateReadCaches } from './db/read-cache.js';
import { rateLimitStoreFor, type BudgetStore } from './lib/budget-store.js';
import { createExportSlots } from './lib/export-slots.js';
import { databaseBudgetStore } from './db/rate-limit-store.js';
import { openRedisBudgetStore } from './lib/redis-budget-store.js';
import { indexHtmlFor, renderIndexHtml, type PageStart } from './lib/index-html.js';
import { routePreloads } from './lib/route-preloads.js';
import securityPlugin, { appSecurityHeaders, SAFE_METHODS } from './lib/security.js';
import { answerClientError, answerUnmetExpectation, unreadableRequestMessage } from './lib/client-errors.js';
import { courseRoutes } from './courses/routes.js';
import { adminStudentRoutes } from './students/admin-routes.js';
import { recordingRoutes } from './recordings/routes.js';
import { createRecordingStores } from './recordings/store.js';
import { studentRoutes } from './students/routes.js';
import { schoolQuestionRoutes } from './school-questions/routes.js';
import { speakingTestRoutes } from './speaking-test/routes.js';
import { teacherRoutes } from './teachers/routes.js';

/** A URL that cannot be decoded: a "%" not followed by two hexadecimal digits, or bytes that are not UTF-8. */
export const BAD_ADDRESS_MESSAGE = 'The address is not valid: a "%" code in it does not stand for a character. Check the link and try again.';
/** A part of the address past Fastify's `maxParamLength` (100 characters: no id of the app's is longer). */
export const LONG_ADDRESS_PART_MESSAGE = 'Part of the address is too long to be an id of this app. Check the link and try again.';

/**
 * How long a connection may take to send a request's headers, counted from when it opened (or, on a
 * kept-alive connection, from the request's first byte): a phone's headers are one or two packets,
 * which even three lost and resent packets (1 + 2 + 4 s) deliver well within it. A connection that
 * has not sent them all by then gets 408 and is closed, so a slow sender (slowloris) or a silent one
 * holds its socket for at most HEADERS_TIMEOUT_MS + CONNECTIONS_CHECK_MS (decision 0073).
 */
export const HEADERS_TIMEOUT_MS = 15_000;
/** How often Node looks for connections past HEADERS_TIMEOUT_MS (its default, 30 s, let one stay 90 s in all). */
export const CONNECTIONS_CHECK_MS = 1_000;

/** The whole HTTP application as a value: tests use it with `inject()` without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const securityHeaders = appSecurityHeaders(deps.config.PUBLIC_URL);
  const app = Fastify({
    logger: safeLoggerOptions(deps.logger ?? { level: deps.config.LOG_LEVEL }),
    // One proxy in front (docs/deploy.md): only the socket's peer, the proxy, is trusted, so the
    // client's address is the one the proxy appended last to X-Forwarded-For; anything before it is
    // what the client wrote itself, never believed.
    trustProxy: deps.config.TRUST_PROXY ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 1024 * 1024,
    // No time limit for every request's body at once: each request has its own (installBodyDeadlines
    // below), since the recording upload may take longer than a JSON body. The headers have their
    // own, shorter than Node's 60 s (checked every 30 s): HEADERS_TIMEOUT_MS.
    requestTimeout: 0,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    // An address Fastify cannot decode ("%ZZ"), or with a part past maxParamLength, is refused before any route, so before the error
    // handler and the security plugin's hook: answered here in the same `{ message }` as every other
    // refusal, with the same security headers (CSP, nosniff, frame refusal, HSTS) as every answer.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? BAD_ADDRESS_MESSAGE : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? LONG_ADDRESS_PART_MESSAGE : unreadableRequestMessage;
      for (const [name, value] of securityHeaders) reply.header(name, value);
      void reply.status(400).send({ message });
    },
    // A request Node could not read (headers late, too large, malformed): answered on the socket in the
    // same `{ message }` and with the same security headers.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, securityHeaders, HEADERS_TIMEOUT_MS),
  });
  // An Expect header other than 100-continue: Node answers before Fastify, with no body (client-errors.ts).
  app.server.on('checkExpectation', (_request, response: ServerResponse) => answerUnmetExpectation(response, securityHeaders));
  // First of the hooks, so that it watches every request, also one another hook answers early.
  installBodyDeadlines(app, { ...BODY_TIME_LIMITS, ...deps.bodyTimeLimits });
  // JSON only, unless an area adds its own parser (the recording upload): Fastify's built-in text/plain parser goes.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(inputGuard);

  await app.register(cookie);
  // Budgets counted in the database's rate_limits table, or in Redis when REDIS_URL is set, shared by
  // every app process (decision 0014). The Redis connection is closed with the app.
  const budgets: BudgetStore = deps.config.REDIS_URL
    ? await openRedisBudgetStore({ url: deps.config.REDIS_URL, log: app.log })
    : databaseBudgetStore(deps.database.db, deps.now);
  app.addHook('onClose', () => budgets.close());
  await app.register(rateLimit, { global: false, store: rateLimitStoreFor(budgets) });
  await app.register(securityPlugin, { publicUrl: deps.config.PUBLIC_URL });
  // This app's short-lived read caches (sessions, list totals, page starts, search matches, the class
  // view's figures), on its clock: no other app in the process shares them (read-cache.ts).
  const readCaches = createReadCaches(deps.database.db, deps.now);
  app.addHook('onClose', async () => readCaches.close());
  const sessions = createSessionCache(readCaches);
  await app.register(accessPlugin, { db: deps.database.db, now: deps.now, sessions, cookieSecure: deps.config.COOKIE_SECURE });
  // Whatever a signed-in caller's state-changing request wrote, the read caches are read again from
  // the next request on: cleared before its answer leaves. A signed-out caller's (signing in, a
  // password link, signing out) clear them where they write (sessions.ts, auth/service.ts,
  // teachers/service.ts), so anyone's stream of refused or unknown requests cannot keep the caches,
  // and on PostgreSQL every process's, empty.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && request.auth !== null) invalidateReadCaches(deps.database.db);
    return payload;
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: 'public' },
    // A proxy's health check asks every few seconds per process: logged only when it fails.
    logLevel: 'warn',
    schema: { response: { 200: health, 503: errorBody } },
    handler: async () => {
      try {
        await deps.database.ping();
      } catch {
        throw new HttpError(503, 'The database is not reachable right now.');
      }
      return { status: 'ok' as const, database: deps.database.driver };
    },
  });
  if (deps.config.PARLEY_BENCH_CEILING) {
    // Benchmarks only (`npm run bench`): the cheapest route the app can serve, as the ceiling the list rows are compared with.
    app.get('/api/bench/ceiling', { config: { access: 'public' } }, async () => ({ ok: true }));
  }
  // Each area is an encapsulated plugin: what one registers (a body parser, a hook) stays inside it.
  // Every route reads JSON of at most 1 MiB unless its area says otherwise; only the recording upload
  // takes audio, streamed (recordings/routes.ts).
  const recordingStores =
    deps.recordingStores ??
    createRecordingStores({ db: deps.database.db, driver: deps.database.driver, dataDir: deps.config.DATA_DIR, configured: deps.config.RECORDING_STORE });
  const areas: Array<(scope: FastifyInstance, deps: AreaDeps) => Promise<void>> = [
    authRoutes,
    adminSessionRoutes,
    studentRoutes,
    adminStudentRoutes,
    courseRoutes,
    speakingTestRoutes,
    schoolQuestionRoutes,
    interviewRoutes,
    recordingRoutes,
    adminAttemptRoutes,
    studentAttemptRoutes,
    classViewRoutes,
    deviceDebugRoutes,
    teacherRoutes,
  ];
  // The CSV exports of both areas share this app's slots: at most one per teacher and a few at once (lib/export-slots.ts).
  const exportSlots = createExportSlots();
  for (const area of areas) await app.register(async (scope) => area(scope, { ...deps, recordingStores, budgets, readCaches, exportSlots }));

  await serveClient(app, deps, sessions);
  return app;
}

type PageEncoding = 'br' | 'gzip';
const PAGE_ENCODINGS: PageEncoding[] = ['br', 'gzip'];

/** The page compressed as the browser accepts (brotli 5 or gzip 6: a few KB in about a tenth of a millisecond), or as it is. */
function compressPage(html: string, encoding: PageEncoding | null): Buffer | string {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html, { level: 6 });
  return html;
}

/**
 * Whether a path no route matched is under /api, in any case ("/API/student/..."), percent-encoded
 * ("/%61pi/...", which the router decodes) or after doubled slashes: such a path gets the API's JSON
 * 404, never the app's page with 200.
 */
function isApiPath(pathName: string): boolean {
  return /^\/+api(\/|$)/i.test(decodedPath(pathName));
}

/** Whether a requested static path is the page's template, `/index.html` or a compressed copy (in any case, after decoding). */
function isIndexTemplatePath(pathName: string): boolean {
  return /^[/\\]*index\.html(\.(br|gz))?$/i.test(decodedPath(pathName));
}

/** Whether a requested static path is a source map (`*.map`, in any case, after decoding). */
function isSourceMapPath(pathName: string): boolean {
  return /\.map$/i.test(decodedPath(pathName).replace(/[/\\]+$/, ''));
}

/** A requested path percent-decoded; as sent when it is not valid percent-encoding. */
function decodedPath(pathName: string): string {
  try {
    return decodeURIComponent(pathName);
  } catch {
    return pathName;
  }
}

async function serveClient(app: FastifyInstance, deps: AppDeps, sessions: SessionCache): Promise<void> {
  const clientDir = deps.clientDir;
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && existsSync(indexFile);
  const indexHtml = hasClient ? renderIndexHtml(readFileSync(indexFile, 'utf8'), publicConfig(deps.config)) : undefined;
  const startOf = hasClient && clientDir ? routePreloads(clientDir, publicConfig(deps.config)) : (): PageStart => ({ files: [], data: [] });

  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      // Source maps stay on the server's disk (the client's full source and comments): 404 to everyone.
      // The page's template (and its compressed copies) is served only filled in, by the handler below:
      // as a file it carried its unfilled markers, cached for an hour.
      allowedPath: (pathName) => !isSourceMapPath(pathName) && !isIndexTemplatePath(pathName),
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
      // Static files carry no access rule of their own: they are public.
      decorateReply: true,
      // A page load fetches a dozen files: at info, two lines each drowned the log. Failures still show.
      logLevel: 'warn',
    });
  }

  // Every signed-out visitor of a path gets the same page: compressed once per encoding and set of
  // preloads, not per request.
  const signedOutPages = new Map<string, Buffer | string>();
  const pageBody = (html: string, url: string, user: User | null | undefined, userAgent: string | undefined, encoding: PageEncoding | null): Buffer | string => {
    const start = startOf(url, user, userAgent);
    const page = () => compressPage(indexHtmlFor(html, user, start, deps.now().getFullYear()), encoding);
    if (user !== null) return page();
    const key = `${encoding ?? 'identity'} ${start.files.join(' ')} ${start.data.join(' ')} ${start.frame ?? ''}`;
    let body = signedOutPages.get(key);
    if (body === undefined) {
      body = page();
      signedOutPages.set(key, body);
    }
    return body;
  };

  /** Who the page is for: the session cookie's user, null when signed out, undefined when the database could not say. */
  const pageUser = async (token: string | null) => {
    if (!token) return null;
    try {
      const auth = await findSession(deps.database.db, sessions, token, deps.now());
      return auth ? await sessionUserDto(deps.database.db, auth) : null;
    } catch (error) {
      app.log.warn({ err: error }, 'the page is served without its user: the session could not be read');
      return undefined;
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiPath(url)) {
      return reply.status(404).send({ message: `There is no API endpoint ${request.method} ${url}.` });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml && !path.extname(url)) {
      const user = await pageUser(sessionTokenOf(request.cookies, cookiesSecure(deps.config.COOKIE_SECURE, request)));
      // The page names its visitor: never shared between visitors, asked again on every visit. A
      // signed-in visitor's (their name, their mobile number) is not even kept on the device: on a
      // school's shared computer the browser's disk cache outlives the student's session.
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', user ? 'private, no-store' : 'private, no-cache')
        .header('vary', 'Cookie, Accept-Encoding');
      const encoding = negotiateEncoding(request.headers['accept-encoding'] ?? '', PAGE_ENCODINGS);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(pageBody(indexHtml, request.url, user, request.headers['user-agent'], encoding));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
