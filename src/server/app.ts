import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { health } from '../shared/api/auth.js';
import { errorBody } from '../shared/api/common.js';
import { adminAttemptRoutes } from './attempts/admin-routes.js';
import { attemptRoutes } from './attempts/routes.js';
import accessPlugin from './auth/access.js';
import { authRoutes } from './auth/routes.js';
import { interviewRoutes } from './interview/routes.js';
import { publicConfig } from './config.js';
import type { AppDeps } from './deps.js';
import { installErrorHandler } from './lib/error-handler.js';
import { HttpError } from './lib/http-errors.js';
import { invalidateReadCaches } from './lib/read-cache.js';
import { renderIndexHtml } from './lib/index-html.js';
import securityPlugin, { SAFE_METHODS } from './lib/security.js';
import { courseRoutes } from './courses/routes.js';
import { adminStudentRoutes } from './students/admin-routes.js';
import { studentRoutes } from './students/routes.js';

/** The whole HTTP application as a value: tests use it with `inject()` without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.LOG_LEVEL },
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Reject slow or stalled uploads rather than holding sockets forever.
    requestTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(securityPlugin, { publicUrl: deps.config.PUBLIC_URL });
  await app.register(accessPlugin, { db: deps.database.db, now: deps.now });
  // Whatever a state-changing request wrote, the short-lived read caches (sessions, list totals, page
  // starts, search matches) are read again from the next request on: cleared before its answer
  // leaves (read-cache.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) invalidateReadCaches(deps.database.db);
    return payload;
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: 'public' },
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
  await authRoutes(app, deps);
  await studentRoutes(app, deps);
  await adminStudentRoutes(app, deps);
  await courseRoutes(app, deps);
  await attemptRoutes(app, deps);
  await interviewRoutes(app, deps);
  await adminAttemptRoutes(app, deps);

  await serveClient(app, deps);
  return app;
}

async function serveClient(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const clientDir = deps.clientDir;
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const hasClient = indexFile !== undefined && existsSync(indexFile);
  const indexHtml = hasClient ? renderIndexHtml(readFileSync(indexFile, 'utf8'), publicConfig(deps.config)) : undefined;

  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
      // Static files carry no access rule of their own: they are public.
      decorateReply: true,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({ message: `There is no API endpoint ${request.method} ${url}.` });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml && !path.extname(url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
