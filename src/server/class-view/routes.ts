import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { classView, classViewQuery } from '../../shared/api/class-view.js';
import { errorBody } from '../../shared/api/common.js';
import type { AreaDeps } from '../deps.js';
import { notFound } from '../lib/http-errors.js';
import { classViewCaches, readClassView } from './read-class-view.js';

/** The teacher's class view. Admins only. */
export async function classViewRoutes(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const db = deps.database.db;
  const caches = classViewCaches(deps.readCaches);
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/class', {
    config: { access: 'admin' },
    schema: { querystring: classViewQuery, response: { 200: classView, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (request) => {
      const view = await readClassView(db, caches, { courseId: request.query.courseId ?? null, now: deps.now(), timeZone: deps.config.SCHOOL_TIMEZONE });
      if (!view) throw notFound('There is no such course. It may have been deleted.');
      return view;
    },
  });
}
