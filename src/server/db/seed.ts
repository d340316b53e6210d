import { and, eq, sql } from 'drizzle-orm';
import { SEEDED_COURSES } from '../../shared/courses.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
import type { Db } from './open.js';
import { courses, users } from './schema.js';

/**
 * An arbitrary, fixed advisory-lock key (beside open.ts's migration lock): several processes starting
 * at once on one PostgreSQL database seed one after another, each re-checking under the lock, so the
 * courses and the first admin are made exactly once. Held for the transaction only.
 */
const SEED_LOCK_KEY = 7_262_002;

async function lockSeeding(tx: Db): Promise<void> {
  await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`));
}

async function courseCount(db: Db): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(courses);
  return existing?.count ?? 0;
}

/** The three courses the product routes by; added once, then managed by admins. Safe to run from several processes at once. */
export async function seedCourses(db: Db): Promise<void> {
  if ((await courseCount(db)) > 0) return;
  await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if ((await courseCount(tx)) > 0) return;
    await tx.insert(courses).values(SEEDED_COURSES.map((course) => ({ ...course, isActive: true }))).onConflictDoNothing();
  });
}

export type FirstAdminResult =
  /** adminEmailUnused: an e-mail was given (ADMIN_EMAIL) that no admin has, so it reaches no one (read only at creation). */
  | { created: false; adminEmailUnused: boolean }
  | { created: true; username: string; generatedPassword: string | null };

async function hasAdmin(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return existing !== undefined;
}

/** True when an e-mail is given and no admin has it (compared as the sign-in compares, case-insensitively). */
async function emailUnused(db: Db, email: string | undefined): Promise<boolean> {
  if (!email) return false;
  const [match] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(sql`lower(${users.email})`, email.trim().toLowerCase())))
    .limit(1);
  return match === undefined;
}

/**
 * Creates the first admin when there is none: from ADMIN_USERNAME / ADMIN_PASSWORD, or with a strong
 * generated password that the caller prints once and that must be changed at the first sign-in.
 * There is no built-in default password. Processes starting at once on one database create one
 * admin: only the one that created it gets `created: true` (and so prints the password).
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { username: string; password: string | undefined; email: string | undefined },
): Promise<FirstAdminResult> {
  if (await hasAdmin(db)) return { created: false, adminEmailUnused: await emailUnused(db, options.email) };
  const username = options.username.toLowerCase();
  const generatedPassword = options.password ? null : generatePassword(4);
  const password = options.password ?? generatedPassword;
  if (!password) throw new Error('unreachable: no admin password');
  // Hashed before the lock is taken, so that the others wait for an insert, not a hash.
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (await hasAdmin(tx)) return false;
    const [row] = await tx
      .insert(users)
      // A generated password has been printed to the console (and so to a service's journal): it
      // serves for one sign-in, which asks for a password of the admin's own.
      .values({ username, passwordHash, isAdmin: true, email: options.email ?? null, mustChangePassword: generatedPassword !== null })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) throw new Error(`The first admin cannot be created: the username "${username}" belongs to another account. Set ADMIN_USERNAME.`);
    return true;
  });
  return created ? { created: true, username, generatedPassword } : { created: false, adminEmailUnused: await emailUnused(db, options.email) };
}
