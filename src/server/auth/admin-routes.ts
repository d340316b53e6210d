import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod.js';
import { errorBody } from '../../shared/api/common.js';
import type { AppDeps } from '../deps.js';
import { requireAuth } from './access.js';
import { cookiesSecure, deleteSessionByToken, sessionCookieName, sessionCookieOptions, setActingStudent } from './sessions.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };

/**
 * The admin's own session (spec section 7: /api/admin/clear-sessions). A teacher's session gets an
 * acting student from POST /api/student/check-access (students/routes.ts); opening the admin
 * dashboard ends it here, so the next student's test is not saved for the last one. An acting
 * session is a student's session on a shared device (the admin API refuses it, access.ts): ending
 * it signs the device out, so the admin console opens again only with the teacher's own password.
 */
export async function adminSessionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/admin/clear-sessions', {
    config: { access: 'admin', whileActing: true },
    schema: { response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      if (auth.session.actingStudentId !== null && request.sessionToken) {
        await deleteSessionByToken(db, request.sessionToken);
        const secure = cookiesSecure(deps.config.COOKIE_SECURE, request);
        reply.clearCookie(sessionCookieName(secure), sessionCookieOptions(secure));
        return reply.status(204).send(null);
      }
      await setActingStudent(db, auth.session.id, null);
      return reply.status(204).send(null);
    },
  });
}
