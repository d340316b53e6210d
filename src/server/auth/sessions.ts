import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open.js';
import { sessions, students, users, type SessionRow, type StudentRow, type UserRow } from '../db/schema.js';
import { invalidateReadCaches, type ReadCache, type ReadCaches } from '../db/read-cache.js';

/** The session cookie's name over plain http (a laptop, a school network without https). */
export const SESSION_COOKIE = 'parley_session';
/**
 * Its name where cookies are Secure: with the `__Host-` prefix a browser keeps the cookie only when it
 * was set Secure, by this host (no Domain) and for the whole site (Path=/). So neither a sibling host
 * of the school's domain (blog.school.org) nor a plain-http answer forged on the school's network can
 * plant a session cookie (its own, or one for the whole domain) that this server would read first
 * and take as the visitor's session (decision 0070).
 */
export const SECURE_SESSION_COOKIE = '__Host-parley_session';

/** The session cookie's attributes, the same when it is set and when it is cleared (a scanner flags a clearing header without them). */
export const sessionCookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax' as const, secure, path: '/' });

/**
 * Whether the cookies set in answer to `request` are Secure: COOKIE_SECURE (true with an https
 * PUBLIC_URL), or the request came over https: behind a proxy with TRUST_PROXY=true, its
 * X-Forwarded-Proto says so even where PUBLIC_URL was left unset. A forged header only makes the
 * sender's own cookie Secure.
 */
export const cookiesSecure = (configured: boolean, request: { protocol: string }): boolean => configured || request.protocol === 'https';

/** The session cookie's name for Secure cookies or not. */
export const sessionCookieName = (secure: boolean): string => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/**
 * The session token a request's cookies carry under the name its cookies are set with (a Secure
 * request reads only the `__Host-` one); null when none, or when too long to be one of ours (not looked up).
 */
export function sessionTokenOf(cookies: Record<string, string | undefined>, secure: boolean): string | null {
  const token = cookies[sessionCookieName(secure)];
  return token && token.length <= 100 ? token : null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionContext {
  session: SessionRow;
  user: UserRow;
  /** The student record of a signed-in student; null for admins. */
  student: StudentRow | null;
  /** The status of the student a teacher's session acts for; null when it acts for none. */
  actingStatus: StudentRow['status'] | null;
}

export async function createSession(db: Db, userId: number, ttlMs: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The student a teacher's session acts for, beside the signed-in user's own student record. */
const actingStudents = alias(students, 'acting_students');

/** The lookup itself (exported for its plan's test); findSessionQuery prepares it. */
export function findSessionSelect(db: Db) {
  return db
    .select({ session: sessions, user: users, student: students, actingStatus: actingStudents.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(actingStudents, eq(actingStudents.id, sessions.actingStudentId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1);
}

function findSessionQuery(db: Db) {
  return findSessionSelect(db).prepare('parley_find_session');
}

/**
 * Every signed-in request runs this lookup: built once per database handle and sent as a named
 * prepared statement (PostgreSQL plans it once per connection instead of once per request).
 */
const findSessionQueries = new WeakMap<Db, ReturnType<typeof findSessionQuery>>();

/**
 * The session behind each token (by its hash) for a few seconds; null when there is none. Every
 * signed-in state-changing request, and every write below, clears it with the other read caches, so signing
 * out, deactivating a student or changing a password takes effect at the next request of this
 * process; another process's writes (the admin CLI) within the cache's time to live
 * (docs/decisions/0011). A token unknown now cannot become valid without a write: signing in
 * stores a new token. One per app (buildApp), on the app's clock.
 */
export type SessionCache = ReadCache<SessionContext | null>;

export function createSessionCache(caches: ReadCaches): SessionCache {
  return caches.create<SessionContext | null>({ maxEntries: 10_000 });
}

export async function findSession(db: Db, cache: SessionCache, token: string, now: Date, options: { fresh?: boolean } = {}): Promise<SessionContext | null> {
  const tokenHash = hashToken(token);
  const read = async () => {
    let query = findSessionQueries.get(db);
    if (!query) {
      query = findSessionQuery(db);
      findSessionQueries.set(db, query);
    }
    // The time as ISO text: both drivers send it as text and PostgreSQL reads it as timestamptz.
    const rows = await query.execute({ tokenHash, now: now.toISOString() });
    return rows[0] ?? null;
  };
  // `fresh`: read past the cache (a write: a session ended in another process a moment ago must not
  // change anything, even in the few milliseconds before that process's notice arrives).
  const context = options.fresh ? await read() : await cache.get(tokenHash, read);
  // A session read a moment ago may have expired since.
  return context && context.session.expiresAt > now ? context : null;
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  const deleted = await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))).returning({ id: sessions.id });
  // A token that named no session (made up, or ended already) changed nothing to forget.
  if (deleted.length > 0) invalidateReadCaches(db);
}

/**
 * Signs a user out on every device, but the session `keepSessionId` (the one that just changed the
 * password), inside the caller's transaction. The caller then drops the cached sessions of every app
 * process (invalidateReadCaches) once it has committed.
 */
export async function signOutEverywhere(tx: Pick<Db, 'delete'>, userId: number, keepSessionId: number | null = null): Promise<void> {
  await tx.delete(sessions).where(keepSessionId === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await signOutEverywhere(db, userId);
  invalidateReadCaches(db);
}

export async function setActingStudent(db: Db, sessionId: number, studentId: number | null): Promise<void> {
  await db.update(sessions).set({ actingStudentId: studentId }).where(eq(sessions.id, sessionId));
  invalidateReadCaches(db);
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
