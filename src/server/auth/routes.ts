import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod.js';
import { changePasswordBody, credentials, forgotPasswordBody, user } from '../../shared/api/auth.js';
import { errorBody, messageBody } from '../../shared/api/common.js';
import { teacherPasswordProblem } from '../../shared/api/limits.js';
import type { AreaDeps } from '../deps.js';
import { badRequest, forbidden, unauthorized, type HttpError } from '../lib/http-errors.js';
import { budget, clientAddressKey, givingBack, successBudget, throttle, throttleCounting, type BudgetTake, type Counted } from '../lib/throttle.js';
import { ACTING_DEVICE_MESSAGE, requireAuth } from './access.js';
import { verifyPassword } from '../lib/passwords.js';
import {
  accountBudgetKey,
  accountKey,
  checkPassword,
  namedAccountUserId,
  checkTemporaryPasswordOnly,
  consumeTemporaryPassword,
  sendTemporaryPasswords,
  sessionUserDto,
  setPassword,
  TEMP_PASSWORD_TTL_MS,
  toUserDto,
} from './service.js';
import { hasKnownDevice, knownDeviceKey, rememberDevice } from './known-devices.js';
import { cookiesSecure, createSession, deleteSessionByToken, sessionCookieName, sessionCookieOptions } from './sessions.js';
import { withMailRetries } from '../mail/retry.js';

export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
/** A mailed temporary password used after its 30 minutes. */
export const EXPIRED_TEMPORARY_PASSWORD_MESSAGE = `This temporary password has expired: each one works for ${TEMP_PASSWORD_TTL_MS / 60_000} minutes. Use "Forgot Password?" to get a new one, or sign in with your own password.`;
export const DEACTIVATED_TEACHER_MESSAGE =
  'This teacher account has been deactivated. Ask another teacher of the school to reactivate it.';
export const FORGOT_PASSWORD_MESSAGE =
  'If that e-mail address belongs to an account, a temporary password has been sent to it.';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/** The per-account sign-in budget's key for an account, every address together (lifted by a temporary-password sign-in). */
export const signInAccountBudgetKey = (accountKeyText: string) => `signin-account:${accountKeyText}`;
/** The per-account sign-in budget's key for one client address. */
export const signInAccountAddressKey = (accountKeyText: string, address: string) => `signin-account:${accountKeyText}:ip:${address}`;

/**
 * A sign-in's body: a name of at most 100 characters and a password of at most 128, each \uXXXX-escaped
 * at worst, fit in 4 KB; a larger body is refused before it is parsed, whatever its framing.
 */
const SIGN_IN_BODY_LIMIT_BYTES = 4096;

/** Whom a sign-in names (its account's budget key) and, when the browser is known to that account, its own budget key. */
interface SignInTarget {
  account: string;
  device: string | null;
}

export async function authRoutes(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const { database, config, rateLimits } = deps;
  const db = database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const signInPerClientKey = (r: FastifyRequest) => `signin-ip:${clientAddressKey(r.ip)}`;
  const signInPerClient = throttleCounting(app, { ...rateLimits.signInPerClient, what: 'sign-in attempts from this device', key: signInPerClientKey });
  // Not hooks that refuse: while an account's budget is spent, its mailed temporary password still
  // lets the owner in (decision 0014), so the handler decides. A browser known to the account counts
  // in its own budget; any other in the account's budget for its address and in the account's budget
  // for all addresses (decision 0029).
  const signInTargets = new WeakMap<FastifyRequest, SignInTarget>();
  const targetOf = (r: FastifyRequest): SignInTarget => signInTargets.get(r) ?? { account: 'name:', device: null };
  const signInPerKnownDevice = budget(app, { ...rateLimits.signInPerKnownDevice, what: 'sign-in attempts from this browser', key: (r) => targetOf(r).device ?? '' });
  const signInPerAccountAddress = budget(app, {
    ...rateLimits.signInPerAccount,
    what: 'sign-in attempts for this account',
    key: (r) => signInAccountAddressKey(targetOf(r).account, clientAddressKey(r.ip)),
  });
  const signInPerAccountEverywhere = budget(app, {
    ...rateLimits.signInPerAccountEverywhere,
    what: 'sign-in attempts for this account',
    key: (r) => signInAccountBudgetKey(targetOf(r).account),
  });
  /** Sign-ins whose account budget is spent, with the 429 they get unless a temporary password lets them in. */
  const signInRefusals = new WeakMap<FastifyRequest, HttpError>();
  /**
   * The budgets each sign-in was counted in, given back when it succeeds: the budgets limit guesses,
   * and a sign-in with the right password is not one. So a class signing in on the school's one
   * address, one lesson after another, never spends that address's budget (decision 0029).
   */
  const countedIn = new WeakMap<FastifyRequest, Counted[]>();
  const giveBack = givingBack(deps.budgets);
  // The counts above are given back to a right password; this one holds how often it may be used.
  const signInsPerAccount = successBudget(deps.budgets, { ...rateLimits.signInsPerAccount, what: 'sign-ins to this account in a short time' });
  const signInsKey = (userId: number) => `signin-ok:${accountBudgetKey(userId)}`;
  const noteCounted = (request: FastifyRequest, ...counts: Array<Counted | null>) =>
    countedIn.set(request, [...(countedIn.get(request) ?? []), ...counts.filter((counted) => counted !== null)]);
  const changePasswordPerClient = throttle(app, {
    ...rateLimits.changePasswordPerClient,
    what: 'password changes from this device',
    key: (r) => `password-change-ip:${clientAddressKey(r.ip)}`,
  });
  const changePasswordPerAccount = throttle(app, {
    ...rateLimits.changePasswordPerAccount,
    what: 'password changes for this account',
    key: (r) => `password-change-account:${accountBudgetKey(requireAuth(r).user.id)}`,
  });
  const forgotPerClient = throttle(app, { ...rateLimits.forgotPerClient, what: 'password requests from this device', key: (r) => `forgot-ip:${clientAddressKey(r.ip)}` });
  const forgotPerEmail = throttle(app, {
    ...rateLimits.forgotPerEmail,
    what: 'password requests for this e-mail address',
    key: (r) => `forgot-email:${String((r.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });

  function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
    const secure = cookiesSecure(config.COOKIE_SECURE, request);
    reply.setCookie(sessionCookieName(secure), token, { ...sessionCookieOptions(secure), expires });
  }

  api.get('/api/user', {
    config: { access: 'signedIn', allowPendingPasswordChange: true, openToDeactivated: true },
    schema: { response: { 200: user, 401: errorBody } },
    handler: async (request) => {
      return sessionUserDto(db, requireAuth(request));
    },
  });

  api.post('/api/login', {
    config: { access: 'public' },
    bodyLimit: SIGN_IN_BODY_LIMIT_BYTES,
    schema: { body: credentials, response: { 200: user, ...errors } },
    // The address's budget over all accounts (a classroom shares one address) holds back every browser
    // but one known to the account named, which has its own budget: counted before the body is read
    // for a browser known to no account, after it (once the account is known) for the others.
    onRequest: async (request) => {
      if (await hasKnownDevice(db, request, deps.now())) return;
      noteCounted(request, await signInPerClient(request));
    },
    preHandler: async (request) => {
      const username = request.body.username;
      const userId = await namedAccountUserId(db, username, config.DEFAULT_PHONE_REGION);
      // Before its password's key derivation: an account signed in to this often is not signed in again yet.
      if (userId !== null) await signInsPerAccount.refuseWhenSpent(signInsKey(userId));
      const account = userId !== null ? accountBudgetKey(userId) : await accountKey(db, username, config.DEFAULT_PHONE_REGION);
      const device = await knownDeviceKey(db, request, userId, deps.now());
      signInTargets.set(request, { account, device });
      // Not counted again when it already was before the body was read.
      if (!device && !countedIn.get(request)?.some(({ key }) => key === signInPerClientKey(request))) {
        noteCounted(request, await signInPerClient(request));
      }
      // The account's budget for all addresses is counted only when the one for this address has room.
      const takes: BudgetTake[] = [];
      if (device) takes.push(await signInPerKnownDevice(request));
      else {
        takes.push(await signInPerAccountAddress(request));
        if (!takes[0]?.refusal) takes.push(await signInPerAccountEverywhere(request));
      }
      const refusal = takes.find((take) => take.refusal)?.refusal;
      // A refused sign-in still costs a key derivation (a mailed temporary password may let it in), so
      // a known browser past its own budget counts in its address's budget too, which bounds those
      // derivations as it does for every other browser (decision 0014).
      if (refusal && device) noteCounted(request, await signInPerClient(request));
      if (refusal) signInRefusals.set(request, refusal);
      // A refused one that still gets in (a mailed temporary password) clears the account's budgets instead.
      else noteCounted(request, ...takes.map((take) => take.counted));
    },
    handler: async (request, reply) => {
      const now = deps.now();
      const refusal = signInRefusals.get(request);
      const check = { now, phoneRegion: config.DEFAULT_PHONE_REGION };
      const result = refusal
        ? await checkTemporaryPasswordOnly(db, request.body.username, request.body.password, check)
        : await checkPassword(db, request.body.username, request.body.password, { ...check, allowTemporary: true });
      if (!result.ok) throw refusal ?? unauthorized(result.expiredTemporary ? EXPIRED_TEMPORARY_PASSWORD_MESSAGE : INVALID_LOGIN_MESSAGE);
      // Told only to someone who knows the password: a deactivated teacher, not a stranger guessing.
      if (result.account.user.isAdmin && !result.account.user.isActive) throw forbidden(DEACTIVATED_TEACHER_MESSAGE);
      let signedInUser = result.account.user;
      if (result.usedTemporaryPassword) {
        // Several sign-ins at once with one temporary password: only the one that uses it up gets in.
        const consumed = await consumeTemporaryPassword(db, signedInUser);
        if (!consumed) throw refusal ?? unauthorized(INVALID_LOGIN_MESSAGE);
        signedInUser = consumed;
        // The mailbox's owner is in: a stranger's guesses no longer lock the account (decision 0014).
        await deps.budgets.clear(signInAccountBudgetKey(accountBudgetKey(signedInUser.id)));
        await deps.budgets.clear(signInAccountAddressKey(accountBudgetKey(signedInUser.id), clientAddressKey(request.ip)));
      }
      // A new token at every sign-in; the session the browser had before is ended.
      if (request.sessionToken) await deleteSessionByToken(db, request.sessionToken);
      const { token, expiresAt } = await createSession(db, signedInUser.id, config.SESSION_TTL_HOURS * 3600_000, now);
      setSessionCookie(request, reply, token, expiresAt);
      // After the session cookie: clients reading the first Set-Cookie get the session.
      await rememberDevice(db, request, reply, { userId: signedInUser.id, now, secure: cookiesSecure(config.COOKIE_SECURE, request) });
      await giveBack(request, countedIn.get(request) ?? []);
      await signInsPerAccount.count(signInsKey(signedInUser.id)).catch((error: unknown) => request.log.warn({ err: error }, 'a sign-in could not be counted'));
      return toUserDto(db, { user: signedInUser, student: result.account.student, actingStudentId: null });
    },
  });

  api.post('/api/logout', {
    config: { access: 'public', allowPendingPasswordChange: true },
    // It reads no body: a large one is refused before it is parsed (1 MB otherwise, on no budget).
    bodyLimit: 1024,
    schema: { response: { 204: z.null(), 403: errorBody } },
    handler: async (request, reply) => {
      if (request.sessionToken) await deleteSessionByToken(db, request.sessionToken);
      const secure = cookiesSecure(config.COOKIE_SECURE, request);
      reply.clearCookie(sessionCookieName(secure), sessionCookieOptions(secure));
      return reply.status(204).send(null);
    },
  });

  api.post('/api/change-password', {
    config: { access: 'signedIn', allowPendingPasswordChange: true },
    schema: { body: changePasswordBody, response: { 200: messageBody, ...errors } },
    onRequest: changePasswordPerClient,
    preHandler: changePasswordPerAccount,
    handler: async (request) => {
      const auth = requireAuth(request);
      // The session is the teacher's, and the student at the device is not: the teacher's password is not theirs to try or change.
      if (auth.user.isAdmin && auth.session.actingStudentId !== null) throw forbidden(ACTING_DEVICE_MESSAGE);
      const { currentPassword, newPassword } = request.body;
      if (!auth.user.mustChangePassword) {
        if (!currentPassword) throw badRequest('currentPassword: Enter your current password');
        if (!(await verifyPassword(currentPassword, auth.user.passwordHash))) {
          throw badRequest('currentPassword: The current password is not correct');
        }
      }
      if (currentPassword === newPassword) throw badRequest('newPassword: Choose a password different from the current one');
      const teacherProblem = auth.user.isAdmin ? teacherPasswordProblem(newPassword) : null;
      if (teacherProblem) throw badRequest(`newPassword: A teacher's password ${teacherProblem}`);
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
      // A mail server that is down for a moment gets the mail again a few times (mail/retry.ts).
      sendTemporaryPasswords(db, withMailRetries(deps.mailer, request.log), request.body.email, { now: deps.now(), appTitle: config.APP_TITLE, signInUrl }).catch(
        (error: unknown) => request.log.error({ err: error }, 'sending the temporary password failed'),
      );
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  });
}
