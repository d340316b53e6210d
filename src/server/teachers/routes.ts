import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../shared/api/common.js';
import {
  type LinkMail,
  newTeacherBody,
  ownProfileBody,
  passwordLinkBody,
  passwordLinkCheckBody,
  passwordLinkInfo,
  passwordLinkSent,
  teacherChanged,
  teacherIdParams,
  teacherList,
  type Teacher,
} from '../../shared/api/teachers.js';
import { teacherPasswordProblem } from '../../shared/api/limits.js';
import { PASSWORD_LINK_PATH, PASSWORD_LINK_TTL_HOURS } from '../../shared/api/teachers-limits.js';
import { requireAuth } from '../auth/access.js';
import { badRequest } from '../lib/http-errors.js';
import type { AreaDeps } from '../deps.js';
import { clientAddressKey, throttle } from '../lib/throttle.js';
import { addTeacher, listTeachers, passwordLinkOwner, resetTeacherPassword, setTeacherActive, updateOwnProfile, usePasswordLink, voidPasswordLink } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/**
 * The teachers tab's API (admins only) and the set-password link's (public: the link's token is the
 * key). A new teacher gets a one-time link by e-mail, and the admin sees it once too, to pass on when no
 * mail arrives, as with a new student's generated password. A teacher with a password of their own gets
 * a new link only by e-mail: shown to another teacher, it would let them take over the account.
 */
export async function teacherRoutes(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const db = deps.database.db;
  const { config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const linkPerClient = throttle(app, { ...deps.rateLimits.changePasswordPerClient, what: 'set-password attempts from this device', key: (r) => `password-link-ip:${clientAddressKey(r.ip)}` });

  /**
   * The link's address: the school's public address, else the one the admin's browser used. The
   * latter only for a new teacher's link, which the asking admin is shown anyway (a link to a teacher
   * with a password of their own needs PUBLIC_URL: resetTeacherPassword).
   */
  const linkUrl = (request: FastifyRequest, token: string) =>
    `${new URL(PASSWORD_LINK_PATH, config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).toString()}#${token}`;

  /** Who sends the link, in its e-mail: the admin's display name (an e-mail address or sign-in name reads oddly there). */
  const senderName = (user: { displayName: string | null }) => user.displayName ?? `Your school's ${config.APP_TITLE} administrator`;

  /** Mails the link; what became of the mail (only the outbox, without SMTP_URL, is not sent). */
  async function mailLink(request: FastifyRequest, to: Teacher, url: string, invitedBy: string, isNew: boolean): Promise<LinkMail> {
    if (!to.email) return 'no-address';
    try {
      await deps.mailer.send({
        to: to.email,
        subject: `${config.APP_TITLE}: ${isNew ? 'set your password' : 'set a new password'}`,
        text: [
          `Hello ${to.displayName ?? ''},`.replace(' ,', ','),
          '',
          isNew
            ? `${invitedBy} has added you as a teacher on ${config.APP_TITLE}.`
            : `${invitedBy} has sent you a link to set a new password for ${config.APP_TITLE}.`,
          '',
          `Choose your password here: ${url}`,
          '',
          `The link works once and for the next ${PASSWORD_LINK_TTL_HOURS} hours.${isNew ? '' : ' Your current password keeps working until you use it.'}`,
          `Then sign in as: ${to.username}`,
          ...(to.hasPassword ? ['', 'If you did not ask for a new password, ignore this e-mail: nothing changes unless the link is used.'] : []),
        ].join('\n'),
      });
      return deps.mailer.delivers ? 'sent' : 'no-mail-server';
    } catch (error) {
      request.log.error({ err: error }, 'sending the set-password link failed');
      return 'failed';
    }
  }

  api.get('/api/admin/teachers', {
    config: { access: 'admin' },
    schema: { response: { 200: teacherList, ...errors } },
    handler: async (request) => ({ teachers: await listTeachers(db, requireAuth(request).user.id, deps.now()) }),
  });

  api.post('/api/admin/teachers', {
    config: { access: 'admin' },
    schema: { body: newTeacherBody, response: { 201: passwordLinkSent, ...errors } },
    handler: async (request, reply) => {
      const { user } = requireAuth(request);
      const { teacher, token } = await addTeacher(db, { ...request.body, now: deps.now(), callerId: user.id });
      const url = linkUrl(request, token);
      const mail = await mailLink(request, teacher, url, senderName(user), true);
      return reply.status(201).send({ teacher, setPasswordUrl: url, mail });
    },
  });

  api.post('/api/admin/teachers/:id/password-link', {
    config: { access: 'admin' },
    schema: { params: teacherIdParams, response: { 200: passwordLinkSent, ...errors } },
    handler: async (request) => {
      const { user } = requireAuth(request);
      const now = deps.now();
      const { teacher, token, invitation } = await resetTeacherPassword(db, { id: request.params.id, now, callerId: user.id, canMail: deps.mailer.delivers, knowsOwnAddress: config.PUBLIC_URL !== undefined });
      const url = linkUrl(request, token);
      const mail = await mailLink(request, teacher, url, senderName(user), invitation);
      if (invitation) return { teacher, setPasswordUrl: url, mail };
      // Never to the caller: a link the mail did not take is of no use to anyone, so it goes.
      if (mail !== 'sent') return { teacher: await voidPasswordLink(db, { id: teacher.id, token, now, callerId: user.id }), setPasswordUrl: null, mail };
      return { teacher, setPasswordUrl: null, mail };
    },
  });

  /** The caller's own name and e-mail (Settings). */
  api.patch('/api/admin/me', {
    config: { access: 'admin' },
    schema: { body: ownProfileBody, response: { 200: teacherChanged, ...errors } },
    handler: async (request) => ({ teacher: await updateOwnProfile(db, { id: requireAuth(request).user.id, ...request.body, now: deps.now() }) }),
  });

  for (const [action, active] of [['deactivate', false], ['reactivate', true]] as const) {
    api.post(`/api/admin/teachers/:id/${action}`, {
      config: { access: 'admin' },
      schema: { params: teacherIdParams, response: { 200: teacherChanged, ...errors } },
      handler: async (request) => ({
        teacher: await setTeacherActive(db, { id: request.params.id, active, now: deps.now(), callerId: requireAuth(request).user.id }),
      }),
    });
  }

  api.post('/api/password-link/check', {
    config: { access: 'public' },
    schema: { body: passwordLinkCheckBody, response: { 200: passwordLinkInfo, ...errors } },
    onRequest: linkPerClient,
    handler: async (request) => passwordLinkOwner(db, request.body.token, deps.now()),
  });

  api.post('/api/password-link', {
    config: { access: 'public' },
    schema: { body: passwordLinkBody, response: { 200: messageBody, ...errors } },
    onRequest: linkPerClient,
    handler: async (request) => {
      // Checked before the link is used: refused, the link still works for a better password.
      const problem = teacherPasswordProblem(request.body.newPassword);
      if (problem) throw badRequest(`newPassword: A teacher's password ${problem}`);
      const username = await usePasswordLink(db, { ...request.body, now: deps.now() });
      return { message: `Your password is set. Sign in as ${username} with it.` };
    },
  });
}
