import { eq, sql } from 'drizzle-orm';
import { SEEDED_COURSES } from '../../shared/courses.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import type { Db } from './open.js';
import { courses, users } from './schema.js';

/** The three courses the product routes by; added once, then managed by admins. */
export async function seedCourses(db: Db): Promise<void> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(courses);
  if ((existing?.count ?? 0) > 0) return;
  await db.insert(courses).values(SEEDED_COURSES.map((course) => ({ ...course, isActive: true }))).onConflictDoNothing();
}

export type FirstAdminResult =
  | { created: false }
  | { created: true; username: string; generatedPassword: string | null };

/**
 * Creates the first admin when there is none: from ADMIN_USERNAME / ADMIN_PASSWORD, or with a strong
 * generated password that the caller prints once. There is no built-in default password.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { username: string; password: string | undefined; email: string | undefined },
): Promise<FirstAdminResult> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  if (existing) return { created: false };
  const username = options.username.toLowerCase();
  const generatedPassword = options.password ? null : generatePassword(4);
  const password = options.password ?? generatedPassword;
  if (!password) throw new Error('unreachable: no admin password');
  await db.insert(users).values({ username, passwordHash: await hashPassword(password), isAdmin: true, email: options.email ?? null });
  return { created: true, username, generatedPassword };
}
