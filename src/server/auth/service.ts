import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { User } from '../../shared/api/auth.js';
import { looksLikeMobileNumber, normalizeMobileNumber } from '../../shared/phone.js';
import type { Db } from '../db/open.js';
import { sessions, students, users, type StudentRow, type UserRow } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { generatePassword, hashPassword, hashPasswordBeside, verifyAgainstDummy, verifyPasswordPair } from '../lib/passwords.js';
import { signOutEverywhere, type SessionContext } from './sessions.js';

export const TEMP_PASSWORD_TTL_MS = 30 * 60 * 1000;

export interface Account {
  user: UserRow;
  student: StudentRow | null;
}

/**
 * Finds an account by username (any role) or, for students, by mobile number read in the school's
 * phone region: "98765 43210" and "+91 98765 43210" find the same student.
 */
export async function findAccount(db: Db, identifier: string, phoneRegion: string): Promise<Account | null> {
  const name = usernameSpelling(identifier);
  const byUsername = await db
    .select({ user: users, student: students })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(users.username, name))
    .limit(1);
  if (byUsername[0]) return byUsername[0];
  if (!looksLikeMobileNumber(identifier)) return null;
  const byMobile = await db
    .select({ user: users, student: students })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.mobileNumber, normalizeMobileNumber(identifier, phoneRegion)))
    .limit(1);
  return byMobile[0] ?? null;
}

/**
 * A typed username as stored: Unicode compatibility forms folded (full-width "ＡＤＭＩＮ" is "ADMIN"),
 * spaces around it dropped, lower case. Sign-in and its budgets read every spelling as one name.
 */
export function usernameSpelling(identifier: string): string {
  return identifier.normalize('NFKC').trim().toLowerCase();
}

/** The per-account budget key of an existing account (sign-in, check-access, change-password). */
export function accountBudgetKey(userId: number): string {
  return `account:${userId}`;
}

/**
 * The account a sign-in attempt names, for per-account request budgets: the account itself when the
 * identifier finds one (its username and every spelling of its mobile number, "+91 98765 43210",
 * "09876543210", "9876543210" in region IN, are one key: `account:<userId>`), otherwise the
 * identifier normalised (`name:<…>`), so that probing unknown names is limited too.
 */
export async function accountKey(db: Db, identifier: unknown, phoneRegion: string): Promise<string> {
  const text = typeof identifier === 'string' ? identifier : '';
  const userId = await namedAccountUserId(db, identifier, phoneRegion);
  if (userId !== null) return accountBudgetKey(userId);
  // Unknown names in every spelling (case, spaces, Unicode compatibility forms) are one key.
  return `name:${looksLikeMobileNumber(text) ? normalizeMobileNumber(text, phoneRegion) : usernameSpelling(text)}`;
}

/** The id of the account a sign-in attempt names, or null when it names none. */
export async function namedAccountUserId(db: Db, identifier: unknown, phoneRegion: string): Promise<number | null> {
  const text = typeof identifier === 'string' ? identifier : '';
  return text.trim() ? findAccountUserId(db, text, phoneRegion) : null;
}

/** findAccount's lookups for the user id only (both read through unique indexes). */
async function findAccountUserId(db: Db, identifier: string, phoneRegion: string): Promise<number | null> {
  const [byUsername] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, usernameSpelling(identifier)))
    .limit(1);
  if (byUsername) return byUsername.id;
  if (!looksLikeMobileNumber(identifier)) return null;
  const [byMobile] = await db
    .select({ id: students.userId })
    .from(students)
    .where(eq(students.mobileNumber, normalizeMobileNumber(identifier, phoneRegion)))
    .limit(1);
  return byMobile?.id ?? null;
}

/** Not ok; `expiredTemporary` when the password was the account's mailed temporary one, after its 30 minutes. */
export type PasswordCheck = { ok: true; account: Account; usedTemporaryPassword: boolean } | { ok: false; expiredTemporary?: true };

/**
 * Checks a password against an account's own password and, when `allowTemporary`, against an unexpired
 * mailed temporary password. Every check costs one key derivation: the temporary password is hashed
 * with the salt and parameters of the account's own hash (sendTemporaryPasswords), so one key is
 * compared with both. A wrong password thus takes the same time for an unknown account, a known one,
 * and one that asked for a temporary password (pending or expired): timing tells a stranger neither
 * which accounts exist nor which asked for a reset.
 */
export async function checkPassword(
  db: Db,
  identifier: string,
  password: string,
  options: { allowTemporary: boolean; now: Date; phoneRegion: string },
): Promise<PasswordCheck> {
  const account = await findAccount(db, identifier, options.phoneRegion);
  if (!account) {
    await verifyAgainstDummy(password);
    return { ok: false };
  }
  const { user } = account;
  const temporaryHash = options.allowTemporary && user.tempPasswordExpiresAt ? user.tempPasswordHash : null;
  const matches = await verifyPasswordPair(password, user.passwordHash, temporaryHash);
  if (matches.own) return { ok: true, account, usedTemporaryPassword: false };
  if (!matches.beside) return { ok: false };
  if (hasPendingTemporaryPassword(user, options.now)) return { ok: true, account, usedTemporaryPassword: true };
  // Told only to whoever holds the mail: they need a new one, not another try of their spelling.
  return { ok: false, expiredTemporary: true };
}

/** Whether the account has a mailed temporary password within its 30 minutes. */
function hasPendingTemporaryPassword(user: UserRow, now: Date): boolean {
  return Boolean(user.tempPasswordHash && user.tempPasswordExpiresAt && user.tempPasswordExpiresAt > now);
}

/**
 * The only check made while an account's sign-in budget is spent: its unexpired mailed temporary
 * password (about 69 bits, valid 30 minutes) lets the owner in; the account's own password is not
 * accepted. Every call costs one key derivation, as every wrong password does (decision 0014).
 */
export async function checkTemporaryPasswordOnly(
  db: Db,
  identifier: string,
  password: string,
  options: { now: Date; phoneRegion: string },
): Promise<PasswordCheck> {
  const account = await findAccount(db, identifier, options.phoneRegion);
  // One derivation whether or not a temporary password is pending: timed by a stranger who spent the
  // budget, a locked account must not tell whether its owner asked for a reset.
  const pending = account !== null && hasPendingTemporaryPassword(account.user, options.now);
  const matches = await verifyPasswordPair(password, account?.user.passwordHash ?? '', pending ? (account?.user.tempPasswordHash ?? null) : null);
  return pending && account && matches.beside ? { ok: true, account, usedTemporaryPassword: true } : { ok: false };
}

/**
 * A teacher's set-password link dies with any other way of setting the password (Settings, a
 * temporary password from Forgot Password, the admin CLI): left alive, whoever holds the mail could
 * still replace the password the teacher has since chosen, and sign them out.
 */
const NO_PASSWORD_LINK = { passwordLinkHash: null, passwordLinkExpiresAt: null } as const;

/**
 * Uses up a temporary password: it works once, and the user must then choose a new password. `read`
 * is the row its check matched; null when that temporary password is no longer the stored one (another
 * sign-in used it meanwhile, a new one was mailed, or the password changed and cleared it).
 * Every device signed in as the user is signed out with it: a new password is then set without the
 * current one (mustChangePassword), and a session left open on a classroom computer must not be the
 * one to set it.
 */
export async function consumeTemporaryPassword(db: Db, read: UserRow): Promise<UserRow | null> {
  const tempPasswordHash = read.tempPasswordHash;
  if (!tempPasswordHash) return null;
  const row = await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(users)
      .set({ tempPasswordHash: null, tempPasswordExpiresAt: null, mustChangePassword: true, ...NO_PASSWORD_LINK })
      .where(and(eq(users.id, read.id), eq(users.tempPasswordHash, tempPasswordHash)))
      .returning();
    if (consumed) await signOutEverywhere(tx, consumed.id);
    return consumed ?? null;
  });
  // The signed-out devices' cached sessions go too, in every app process.
  if (row) invalidateReadCaches(db);
  return row;
}

export async function setPassword(db: Db, userId: number, newPassword: string, keepSessionId: number | null): Promise<void> {
  await setPasswordHash(db, userId, await hashPassword(newPassword), keepSessionId);
}

/** setPassword with the hash made beforehand (so that a caller's transaction need not wait for hashing). */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, keepSessionId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tempPasswordHash: null, tempPasswordExpiresAt: null, mustChangePassword: false, passwordChosen: true, ...NO_PASSWORD_LINK })
      .where(eq(users.id, userId));
    // Every other device signed in as this user is signed out.
    await signOutEverywhere(tx, userId, keepSessionId);
    // A student's new password also ends every teacher's access to them (check-access), on any device.
    await tx
      .update(sessions)
      .set({ actingStudentId: null })
      .where(inArray(sessions.actingStudentId, tx.select({ id: students.id }).from(students).where(eq(students.userId, userId))));
  });
  // The signed-out devices' cached sessions go too, in every app process (read-cache.ts, cache-sync.ts).
  invalidateReadCaches(db);
}

/** What a device acting for a student calls its teacher when the teacher has no display name. */
export const ACTING_TEACHER_NAME = 'Teacher';

export async function toUserDto(
  db: Db,
  { user, student, actingStudentId }: { user: UserRow; student: StudentRow | null; actingStudentId: number | null },
): Promise<User> {
  let actingStudent: User['actingStudent'] = null;
  if (user.isAdmin && actingStudentId !== null) {
    const [acting] = await db.select({ id: students.id, studentName: students.studentName }).from(students).where(eq(students.id, actingStudentId));
    if (acting) actingStudent = acting;
  }
  // A device acting for a student is in the student's hands: the teacher's sign-in name (often an
  // e-mail address) is not shown there, only the name students see for them (decision 0029).
  const shown = actingStudent ? (user.displayName ?? ACTING_TEACHER_NAME) : null;
  return {
    id: user.id,
    username: shown ?? user.username ?? student?.mobileNumber ?? `user-${user.id}`,
    isAdmin: user.isAdmin,
    displayName: shown ?? student?.studentName ?? user.displayName ?? user.username ?? `user-${user.id}`,
    mustChangePassword: user.mustChangePassword,
    actingStudent,
  };
}

/** What GET /api/user answers for a session (also written into the served page, app.ts). */
export function sessionUserDto(db: Db, { user, student, session }: SessionContext): Promise<User> {
  return toUserDto(db, { user, student, actingStudentId: session.actingStudentId });
}

/**
 * Mails a one-time temporary password to every account with this e-mail address. The stored password
 * keeps working; the temporary one is valid for 30 minutes and for one sign-in. Returns how many were mailed.
 */
export async function sendTemporaryPasswords(
  db: Db,
  mailer: Mailer,
  email: string,
  options: { now: Date; appTitle: string; signInUrl: string | undefined },
): Promise<number> {
  const accounts = await db
    .select({ user: users, student: students })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(
      and(
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
        eq(users.isActive, true),
        or(isNull(students.id), eq(students.status, 'Activated')),
      ),
    );
  // A deactivated account, a teacher's (users.isActive) or a student's (students.status), is sent
  // nothing: a password mailed to a closed account opens nothing it may use, and the route's answer,
  // the same sentence as for an unknown address, does not tell a stranger that the account exists.
  let mailed = 0;
  for (const account of accounts) {
    const temporaryPassword = generatePassword(3);
    // Hashed beside the account's own password (same salt), so a sign-in checks both with one derivation.
    const stored = await db
      .update(users)
      .set({
        tempPasswordHash: await hashPasswordBeside(temporaryPassword, account.user.passwordHash),
        tempPasswordExpiresAt: new Date(options.now.getTime() + TEMP_PASSWORD_TTL_MS),
      })
      .where(and(eq(users.id, account.user.id), eq(users.passwordHash, account.user.passwordHash)))
      .returning({ id: users.id });
    // The password changed while this one was hashed (which ends any temporary password anyway): one
    // hashed beside the old hash would never match, so none is stored or mailed.
    if (stored.length === 0) continue;
    mailed += 1;
    const signInName = account.user.username ?? account.student?.mobileNumber ?? '';
    const greeting = account.student ? `Hello ${account.student.studentName},` : 'Hello,';
    await mailer.send({
      to: account.user.email ?? email,
      subject: `${options.appTitle}: your temporary password`,
      text: [
        greeting,
        '',
        `Someone (we hope you) asked for a new password for ${options.appTitle}.`,
        '',
        `Sign in as: ${signInName}`,
        `Temporary password: ${temporaryPassword}`,
        '',
        'It works once and only for the next 30 minutes. After signing in you will be asked to choose a new password.',
        'Your old password keeps working until you use this one. If you did not ask for it, you can ignore this e-mail.',
        ...(options.signInUrl ? ['', `Sign in here: ${options.signInUrl}`] : []),
      ].join('\n'),
    });
  }
  return mailed;
}
