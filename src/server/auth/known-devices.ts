import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/open.js';
import { signInDevices } from '../db/schema-sign-in.js';
import { hashToken } from './sessions.js';

/*
 * Browsers that signed in to an account before (decision 0029, OWASP's "device cookies"): a
 * successful sign-in gives the browser a random token in `parley_device` (only its hash is stored).
 * A later sign-in to the same account from that browser counts in that browser's own budget, not
 * in the budgets strangers' guesses spend, so ten wrong guesses from elsewhere cannot keep the
 * teacher out. The token grants nothing else: the password is checked as always.
 */

export const DEVICE_COOKIE = 'parley_device';
/** How long a browser stays known without signing in again. */
export const KNOWN_DEVICE_DAYS = 90;
/**
 * Browsers kept known per account, the most recently used: a student's phone, laptop and the school's
 * shared computers. Each sign-in from a browser without the account's token adds one, so without a
 * cap whoever knows the password could add rows as often as sign-ins allow (decision 0077).
 */
export const KNOWN_DEVICES_PER_ACCOUNT = 20;
const KNOWN_DEVICE_MS = KNOWN_DEVICE_DAYS * 24 * 3600_000;

function deviceTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE];
  return token && token.length <= 100 ? token : null;
}

/**
 * The known-device budget key of this request's browser for the account `userId`, or null when the
 * browser has no token for that account (or one unused for longer than KNOWN_DEVICE_DAYS).
 */
export async function knownDeviceKey(db: Db, request: FastifyRequest, userId: number | null, now: Date): Promise<string | null> {
  const token = deviceTokenOf(request);
  if (!token || userId === null) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ tokenHash: signInDevices.tokenHash })
    .from(signInDevices)
    .where(and(eq(signInDevices.tokenHash, tokenHash), eq(signInDevices.userId, userId), gt(signInDevices.lastUsedAt, new Date(now.getTime() - KNOWN_DEVICE_MS))));
  return row ? `signin-device:${userId}:${tokenHash}` : null;
}

/** Whether the request's browser is known to any account (checked before the body names one). */
export async function hasKnownDevice(db: Db, request: FastifyRequest, now: Date): Promise<boolean> {
  const token = deviceTokenOf(request);
  if (!token) return false;
  const [row] = await db
    .select({ tokenHash: signInDevices.tokenHash })
    .from(signInDevices)
    .where(and(eq(signInDevices.tokenHash, hashToken(token)), gt(signInDevices.lastUsedAt, new Date(now.getTime() - KNOWN_DEVICE_MS))))
    .limit(1);
  return row !== undefined;
}

/**
 * After a successful sign-in: the browser's token for this account is renewed (its last use moved
 * on), or a new one is given; the account's tokens unused for too long, and those past the
 * KNOWN_DEVICES_PER_ACCOUNT most recently used, are deleted.
 */
export async function rememberDevice(db: Db, request: FastifyRequest, reply: FastifyReply, options: { userId: number; now: Date; secure: boolean }): Promise<void> {
  const { userId, now } = options;
  await db.delete(signInDevices).where(and(eq(signInDevices.userId, userId), lt(signInDevices.lastUsedAt, new Date(now.getTime() - KNOWN_DEVICE_MS))));
  const current = deviceTokenOf(request);
  if (current) {
    const [renewed] = await db
      .update(signInDevices)
      .set({ lastUsedAt: now })
      .where(and(eq(signInDevices.tokenHash, hashToken(current)), eq(signInDevices.userId, userId)))
      .returning({ tokenHash: signInDevices.tokenHash });
    if (renewed) return;
  }
  // One browser may be known to several accounts (a shared computer): each sign-in adds its own token,
  // and the cookie holds the latest. A browser switching between accounts is new again to the other.
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await db.insert(signInDevices).values({ tokenHash, userId, createdAt: now, lastUsedAt: now });
  // The new token first (others may share its time), then the most recently used.
  const kept = db
    .select({ tokenHash: signInDevices.tokenHash })
    .from(signInDevices)
    .where(eq(signInDevices.userId, userId))
    .orderBy(sql`${signInDevices.tokenHash} = ${tokenHash} desc`, desc(signInDevices.lastUsedAt))
    .limit(KNOWN_DEVICES_PER_ACCOUNT);
  await db.delete(signInDevices).where(and(eq(signInDevices.userId, userId), notInArray(signInDevices.tokenHash, kept)));
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    path: '/api/login',
    maxAge: KNOWN_DEVICE_DAYS * 24 * 3600,
  });
}
