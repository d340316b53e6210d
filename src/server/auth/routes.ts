import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBody, credentials, forgotPasswordBody, user } from '../../shared/api/auth.js';
import { errorBody, messageBody } from '../../shared/api/common.js';
import type { AppDeps } from '../deps.js';
import { badRequest, unauthorized } from '../lib/http-errors.js';
import { throttle } from '../lib/throttle.js';
import { requireAuth } from './access.js';
import { verifyPassword } from './passwords.js';
import { accountKey, checkPassword, consumeTemporaryPassword, sendTemporaryPasswords, sessionUserDto, setPassword, toUserDto } from './service.js';
import { createSession, deleteSessionByToken, SESSION_COOKIE } from './sessions.js';

export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
export const FORGOT_PASSWORD_MESSAGE =
  'If that e-mail address belongs to an account, a temporary password has been sent to it.';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { database, config, rateLimits } = deps;
  const db = database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const signInPerClient = throttle(app, { ...rateLimits.signInPerClient, what: 'sign-in attempts from this device', key: (r) => `signin-ip:${r.ip}` });
  const signInPerAccount = throttle(app, {
    ...rateLimits.signInPerAccount,
    what: 'sign-in attempts for this account',
    key: (r) => `signin-account:${accountKey((r.body as { username?: unknown } | undefined)?.username, config.DEFAULT_PHONE_REGION)}`,
  });
  const forgotPerClient = throttle(app, { ...rateLimits.forgotPerClient, what: 'password requests from this device', key: (r) => `forgot-ip:${r.ip}` });
  const forgotPerEmail = throttle(app, {
    ...rateLimits.forgotPerEmail,
    what: 'password requests for this e-mail address',
    key: (r) => `forgot-email:${String((r.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });

  function setSessionCookie(reply: FastifyReply, token: string, expires: Date) {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.COOKIE_SECURE,
      path: '/',
      expires,
    });
  }

  api.get('/api/user', {
    config: { access: 'signedIn', allowPendingPasswordChange: true },
    schema: { response: { 200: user, 401: errorBody } },
    handler: async (request) => {
      return sessionUserDto(db, requireAuth(request));
    },
  });

  api.post('/api/login', {
    config: { access: 'public' },
    schema: { body: credentials, response: { 200: user, ...errors } },
    onRequest: signInPerClient,
    preHandler: signInPerAccount,
    handler: async (request, reply) => {
      const now = deps.now();
      const result = await checkPassword(db, request.body.username, request.body.password, { allowTemporary: true, now, phoneRegion: config.DEFAULT_PHONE_REGION });
      if (!result.ok) throw unauthorized(INVALID_LOGIN_MESSAGE);
      let signedInUser = result.account.user;
      if (result.usedTemporaryPassword) signedInUser = await consumeTemporaryPassword(db, signedInUser.id);
      // A new token at every sign-in; the session the browser had before is ended.
      if (request.sessionToken) await deleteSessionByToken(db, request.sessionToken);
      const { token, expiresAt } = await createSession(db, signedInUser.id, config.SESSION_TTL_HOURS * 3600_000, now);
      setSessionCookie(reply, token, expiresAt);
      return toUserDto(db, { user: signedInUser, student: result.account.student, actingStudentId: null });
    },
  });

  api.post('/api/logout', {
    config: { access: 'public', allowPendingPasswordChange: true },
    schema: { response: { 204: z.null(), 403: errorBody } },
    handler: async (request, reply) => {
      if (request.sessionToken) await deleteSessionByToken(db, request.sessionToken);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  });

  api.post('/api/change-password', {
    config: { access: 'signedIn', allowPendingPasswordChange: true },
    schema: { body: changePasswordBody, response: { 200: messageBody, ...errors } },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { currentPassword, newPassword } = request.body;
      if (!auth.user.mustChangePassword) {
        if (!currentPassword) throw badRequest('currentPassword: Enter your current password');
        if (!(await verifyPassword(currentPassword, auth.user.passwordHash))) {
          throw badRequest('currentPassword: The current password is not correct');
        }
      }
      if (currentPassword === newPassword) throw badRequest('newPassword: Choose a password different from the current one');
      await setPassword(db, auth.user.id, newPassword, auth.session.id);
      return { message: 'Your password has been updated successfully' };
    },
  });

  api.post('/api/forgot-password', {
    config: { access: 'public' },
    schema: { body: forgotPasswordBody, response: { 200: messageBody, ...errors } },
    onRequest: forgotPerClient,
    preHandler: forgotPerEmail,
    handler: async (request) => {
      const signInUrl = config.PUBLIC_URL ? new URL('/auth', config.PUBLIC_URL).toString() : undefined;
      // Answered at once and alike for known and unknown addresses; the mail goes out in the background.
      sendTemporaryPasswords(db, deps.mailer, request.body.email, { now: deps.now(), appTitle: config.APP_TITLE, signInUrl }).catch(
        (error: unknown) => request.log.error({ err: error }, 'sending the temporary password failed'),
      );
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  });
}
