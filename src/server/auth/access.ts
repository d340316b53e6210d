import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/open.js';
import type { StudentRow } from '../db/schema.js';
import { forbidden, HttpError, unauthorized } from '../lib/http-errors.js';
import { SAFE_METHODS } from '../lib/security.js';
import { cookiesSecure, findSession, sessionTokenOf, type SessionCache, type SessionContext } from './sessions.js';

/**
 * Who may call a route. Every route declares one in `config.access`; routes without one are refused,
 * so a new endpoint cannot be public by accident.
 * - public: anyone.
 * - signedIn: any signed-in user, including a deactivated student.
 * - student: a signed-in, activated student.
 * - studentOrActing: a signed-in, activated student, or a teacher with an acting student on this session.
 * - admin: a signed-in admin on their own session. A teacher's session acting for a student is a
 *   student's session on a shared device: it reaches only routes that declare `whileActing`.
 */
export type Access = 'public' | 'signedIn' | 'student' | 'studentOrActing' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user must still replace a temporary password. */
    allowPendingPasswordChange?: boolean;
    /** An `admin` route a teacher's device acting for a student may still call (changing or ending the acting student). */
    whileActing?: boolean;
    /** A `signedIn` route a deactivated student may still call (who is signed in: the page then says their access is revoked). */
    openToDeactivated?: boolean;
  }
  interface FastifyRequest {
    auth: SessionContext | null;
    sessionToken: string | null;
  }
}

export const DEACTIVATED_MESSAGE =
  'Your access has been revoked or deactivated. Please contact the school for assistance.';
export const ADMIN_ONLY_MESSAGE = "You don't have permission to do this: it is for the school's admins only.";
export const STUDENT_ONLY_MESSAGE = 'This is for students only.';
export const NO_ACTING_STUDENT_MESSAGE =
  'No student is selected on this device. Open the student access page and enter the student\'s mobile number and password first.';
export const ACTING_STUDENT_DEACTIVATED_MESSAGE =
  "The student selected on this device has been deactivated, so nothing can be done for them here. Open the student access page to select another student.";
export const ACTING_DEVICE_MESSAGE =
  "This device is acting for a student, so the school's admin pages are closed on it. Open the admin dashboard and sign in again with your own password.";
/** A session cookie that names no session: it ran out, its account signed out elsewhere, or a teacher deactivated or changed the account. */
export const SESSION_ENDED_MESSAGE =
  'Your sign-in has ended: it timed out, you signed out, or your account was deactivated or its password changed. Please sign in again.';
export const PASSWORD_CHANGE_PENDING_MESSAGE =
  'You signed in with a temporary password. Set a new password before continuing.';

export function requireAuth(request: FastifyRequest): SessionContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The student a request acts for: the signed-in student, or the acting student of a teacher's session. */
export function effectiveStudentId(request: FastifyRequest): number {
  const auth = requireAuth(request);
  if (auth.student) return auth.student.id;
  if (auth.user.isAdmin && auth.session.actingStudentId !== null) return auth.session.actingStudentId;
  throw forbidden(NO_ACTING_STUDENT_MESSAGE);
}

function checkActiveStudent(student: StudentRow | null): void {
  if (!student) throw forbidden(STUDENT_ONLY_MESSAGE);
  if (student.status !== 'Activated') throw forbidden(DEACTIVATED_MESSAGE);
}

export function checkAccess(access: Access | undefined, auth: SessionContext | null, { whileActing = false, openToDeactivated = false } = {}): void {
  if (access === undefined) throw new HttpError(500, 'This endpoint declares no access rule.');
  if (access === 'public') return;
  if (!auth) throw unauthorized();
  switch (access) {
    case 'signedIn':
      // A deactivated student's access is revoked: only who is signed in is still told.
      if (auth.student && auth.student.status !== 'Activated' && !openToDeactivated) throw forbidden(DEACTIVATED_MESSAGE);
      return;
    case 'admin':
      if (!auth.user.isAdmin) throw forbidden(ADMIN_ONLY_MESSAGE);
      if (auth.session.actingStudentId !== null && !whileActing) throw forbidden(ACTING_DEVICE_MESSAGE);
      return;
    case 'student':
      checkActiveStudent(auth.student);
      return;
    case 'studentOrActing':
      if (auth.user.isAdmin) {
        if (auth.session.actingStudentId === null) throw forbidden(NO_ACTING_STUDENT_MESSAGE);
        // Deactivating a student takes them off every device (setStudentStatus); this holds should a
        // check-access racing the deactivation still select them.
        if (auth.actingStatus !== 'Activated') throw forbidden(ACTING_STUDENT_DEACTIVATED_MESSAGE);
        return;
      }
      checkActiveStudent(auth.student);
      return;
  }
}

async function accessPlugin(app: FastifyInstance, options: { db: Db; now: () => Date; sessions: SessionCache; cookieSecure: boolean }) {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const config = request.routeOptions.config;
    // Only API routes carry access rules; the client's files are public. Unknown URLs reach the
    // not-found handler. Decided by the matched route, not the raw URL: "/%61pi/..." matches an /api route.
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined || !routeUrl.startsWith('/api/')) return;
    const token = sessionTokenOf(request.cookies, cookiesSecure(options.cookieSecure, request));
    if (token) {
      request.sessionToken = token;
      // A request that changes something reads its session afresh; reads may use the cache's copy.
      const auth = await findSession(options.db, options.sessions, token, options.now(), { fresh: !SAFE_METHODS.has(request.method) });
      // A deactivated teacher's sessions are deleted with the deactivation (and other processes' caches
      // told); this is a second line, should a session row ever outlive its account's deactivation.
      request.auth = auth && !(auth.user.isAdmin && !auth.user.isActive) ? auth : null;
      // Said apart from never having signed in: a teacher deactivated mid-review reads why the save failed.
      if (!request.auth && config.access !== undefined && config.access !== 'public') throw unauthorized(SESSION_ENDED_MESSAGE);
    }
    checkAccess(config.access, request.auth, { whileActing: config.whileActing === true, openToDeactivated: config.openToDeactivated === true });
    if (request.auth?.user.mustChangePassword && config.access !== 'public' && !config.allowPendingPasswordChange) {
      throw forbidden(PASSWORD_CHANGE_PENDING_MESSAGE);
    }
  });
}

export default fp(accessPlugin, { name: 'access', dependencies: ['@fastify/cookie'] });
