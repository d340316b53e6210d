import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Teacher } from '../../shared/api/teachers.js';
import { PASSWORD_LINK_TTL_HOURS, teacherName } from '../../shared/api/teachers-limits.js';
import { displayNameClash, displayNameProblem, tidyDisplayName } from '../auth/display-name.js';
import { hashPassword } from '../lib/passwords.js';
import { setPasswordHash, usernameSpelling } from '../auth/service.js';
import { hashToken, signOutEverywhere } from '../auth/sessions.js';
import type { Db } from '../db/open.js';
import { users, type UserRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../lib/http-errors.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { uniqueViolationConstraint } from '../lib/sql-errors.js';

/*
 * The school's teachers (admin accounts): added by an admin with a name and an e-mail address (their
 * sign-in name), who choose their own password through a one-time link; deactivated and reactivated
 * by another admin, never leaving the school without an active admin.
 */

export const LAST_ADMIN_MESSAGE =
  'This is the last active teacher account: the school would have no one left to sign in to the admin pages. Add or reactivate another teacher first.';
export const NOT_YOURSELF_MESSAGE = 'You cannot deactivate your own account. Ask another teacher to do it.';
export const DEACTIVATED_TEACHER_LINK_MESSAGE = 'This teacher is deactivated. Reactivate them before sending a set-password link.';
export const PASSWORD_LINK_INVALID_MESSAGE =
  'This set-password link has expired or has already been used. Ask a teacher of the school to send you a new one.';
const teacherNotFoundMessage = (id: number) => `There is no teacher with id ${id}.`;
export const TEACHER_CHANGED_MESSAGE = "This teacher's account changed just now (they set a password, or were deactivated): try again.";

/** What the school does for a teacher with a password of their own who has lost it: the server command. */
const lostPasswordAdvice = (row: UserRow) =>
  `If they have lost their password, the school's IT person runs "npm run admin -- reset-password ${row.username ?? ''}" on the server, which prints a new one.`;

/** A teacher with a password of their own and no e-mail address: a link could reach only the admin who asks. */
export function noEmailForLinkMessage(row: UserRow, isYou: boolean): string {
  return isYou
    ? 'You have a password of your own, so a new set-password link would go only to your e-mail address, and your account has none. To change your password, use Change Password on the Settings tab.'
    : `${teacherName(row) ?? 'This teacher'} has a password of their own, so a new set-password link goes only to their own e-mail address, and their account has none. ${lostPasswordAdvice(row)}`;
}

/** A teacher with a password of their own while no mail server is set up: their link would reach nobody. */
export function noMailServerForLinkMessage(row: UserRow, isYou = false): string {
  if (isYou) {
    return 'No mail server is set up (SMTP_URL), so nothing was sent: you have a password of your own, and a new set-password link goes only to your e-mail. You keep signing in with it; to change it, use Change Password on the Settings tab.';
  }
  return `No mail server is set up (SMTP_URL), so nothing was sent: ${teacherName(row) ?? 'this teacher'} has a password of their own, and a new set-password link goes only to their own e-mail. They keep signing in with it. ${lostPasswordAdvice(row)}`;
}

/**
 * A teacher with a password of their own while the server does not know its public address: the
 * mailed link would take its address from the request, which the asking admin can forge (a Host or
 * X-Forwarded-Host of their own site would collect the link and the account with it).
 */
export function noPublicUrlForLinkMessage(row: UserRow): string {
  return `Nothing was sent: this server's public address is not set (PUBLIC_URL), so it cannot mail a link that is sure to lead back to it. ${teacherName(row) ?? 'This teacher'} keeps signing in with their password, and can use "Forgot Password?" on the sign-in page. Whoever runs Parley sets PUBLIC_URL to the address teachers open (README, Configuration).`;
}

export const teacherEmailTakenMessage = (email: string) =>
  `An account already signs in as ${email}. Each teacher needs their own e-mail address.`;

function toTeacher(row: UserRow, callerId: number, now: Date): Teacher {
  // The expiry of a link not used yet (using one clears both).
  const linkExpiresAt = row.passwordLinkHash !== null ? row.passwordLinkExpiresAt : null;
  const linkWaiting = linkExpiresAt !== null && linkExpiresAt > now;
  return {
    id: row.id,
    username: row.username ?? `user-${row.id}`,
    displayName: row.displayName,
    email: row.email,
    isActive: row.isActive,
    isYou: row.id === callerId,
    passwordLinkExpiresAt: linkWaiting ? linkExpiresAt.toISOString() : null,
    passwordLinkExpired: linkExpiresAt !== null && !linkWaiting,
    hasPassword: row.passwordChosen,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every teacher, active first, then by name: a school has a handful. */
export async function listTeachers(db: Db, callerId: number, now: Date): Promise<Teacher[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(sql`${users.isActive} desc`, sql`lower(coalesce(${users.displayName}, ${users.email}, ${users.username}))`, asc(users.id));
  return rows.map((row) => toTeacher(row, callerId, now));
}

async function findTeacher(db: Db, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, true)));
  if (!row) throw notFound(teacherNotFoundMessage(id));
  return row;
}

/** A new one-time link's token (returned once) and what is stored of it. */
function newLink(now: Date): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: new Date(now.getTime() + PASSWORD_LINK_TTL_HOURS * 3600_000) };
}

/**
 * Adds a teacher who signs in with their e-mail address. Their stored password is a random one nobody
 * knows (`passwordChosen` false): the link is the only way in until they have chosen theirs.
 */
export async function addTeacher(
  db: Db,
  input: { displayName: string; email: string; now: Date; callerId: number },
): Promise<{ teacher: Teacher; token: string }> {
  const displayName = tidyDisplayName(input.displayName);
  const problem = displayNameProblem(displayName);
  if (problem) throw badRequest(`displayName: ${problem}`);
  const email = input.email.trim();
  const username = usernameSpelling(email);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (taken) throw conflict(teacherEmailTakenMessage(username));
  const clash = await displayNameClash(db, displayName, null);
  if (clash) throw conflict(`displayName: ${clash}`);
  const link = newLink(input.now);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    const [row] = await db
      .insert(users)
      .values({ username, email, displayName, passwordHash, passwordChosen: false, isAdmin: true, passwordLinkHash: link.hash, passwordLinkExpiresAt: link.expiresAt, createdAt: input.now })
      .returning();
    if (!row) throw new Error('teacher not inserted');
    return { teacher: toTeacher(row, input.callerId, input.now), token: link.token };
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'users_username_unique') throw conflict(teacherEmailTakenMessage(username));
    throw error;
  }
}

export const OWN_EMAIL_IS_SIGN_IN_MESSAGE =
  'You sign in with your e-mail address, so it cannot be changed here. Ask another teacher to add you again with the new address.';

/**
 * A teacher's own name and e-mail (Settings). The e-mail changes only on an account whose sign-in
 * name is not an e-mail address (the first admin); it may not be another account's.
 */
export async function updateOwnProfile(db: Db, input: { id: number; displayName: string; email: string; now: Date }): Promise<Teacher> {
  const displayName = tidyDisplayName(input.displayName);
  const problem = displayNameProblem(displayName);
  if (problem) throw badRequest(`displayName: ${problem}`);
  const [row] = await db.select().from(users).where(eq(users.id, input.id));
  if (!row) throw notFound(teacherNotFoundMessage(input.id));
  // Checked only when the name changes: a name shared before names were checked does not block a new e-mail address.
  const clash = displayName === row.displayName ? null : await displayNameClash(db, displayName, input.id);
  if (clash) throw conflict(`displayName: ${clash}`);
  const email = input.email.trim() || null;
  const signsInWithEmail = (row.username ?? '').includes('@');
  if (signsInWithEmail && (email ?? '').toLowerCase() !== (row.email ?? '').toLowerCase()) throw conflict(OWN_EMAIL_IS_SIGN_IN_MESSAGE);
  if (email !== null && email.toLowerCase() !== (row.email ?? '').toLowerCase()) {
    const spelling = usernameSpelling(email);
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.id} <> ${input.id}`, sql`(${users.username} = ${spelling} or lower(${users.email}) = ${email.toLowerCase()})`));
    if (other) throw conflict(`Another account already uses ${email}. Give an address of your own.`);
  }
  const [updated] = await db
    .update(users)
    .set({ displayName, email: signsInWithEmail ? row.email : email })
    .where(eq(users.id, input.id))
    .returning();
  if (!updated) throw notFound(teacherNotFoundMessage(input.id));
  invalidateReadCaches(db);
  return toTeacher(updated, input.id, input.now);
}

/**
 * A new set-password link for an active teacher (the last one stops working); their password works
 * until it is used. `invitation`: the teacher has no password of their own yet, so the admin may see the
 * link. A teacher who has one gets it only by e-mail: refused (409, with what to do instead) when they
 * have no address or no mail server is set up (`canMail` false), as the link could then reach only the
 * admin who asks, who could take over the account with it; and when PUBLIC_URL is not set
 * (`knowsOwnAddress` false), as the link's address would then come from the asking admin's request.
 */
export async function resetTeacherPassword(
  db: Db,
  input: { id: number; now: Date; callerId: number; canMail: boolean; knowsOwnAddress: boolean },
): Promise<{ teacher: Teacher; token: string; invitation: boolean }> {
  const existing = await findTeacher(db, input.id);
  if (!existing.isActive) throw conflict(DEACTIVATED_TEACHER_LINK_MESSAGE);
  if (existing.passwordChosen && !existing.email) throw conflict(noEmailForLinkMessage(existing, existing.id === input.callerId));
  if (existing.passwordChosen && !input.canMail) throw conflict(noMailServerForLinkMessage(existing, existing.id === input.callerId));
  if (existing.passwordChosen && !input.knowsOwnAddress) throw conflict(noPublicUrlForLinkMessage(existing));
  const link = newLink(input.now);
  // Only while the account is as read above: a teacher setting their first password meanwhile makes
  // this no invitation any more, so its link must not reach the caller.
  const [row] = await db
    .update(users)
    .set({ passwordLinkHash: link.hash, passwordLinkExpiresAt: link.expiresAt })
    .where(and(eq(users.id, input.id), eq(users.isActive, true), eq(users.passwordChosen, existing.passwordChosen)))
    .returning();
  if (!row) throw conflict(TEACHER_CHANGED_MESSAGE);
  return { teacher: toTeacher(row, input.callerId, input.now), token: link.token, invitation: !row.passwordChosen };
}

/** Voids a link whose e-mail could not be sent and that nobody else was shown; a newer link stays. */
export async function voidPasswordLink(db: Db, input: { id: number; token: string; now: Date; callerId: number }): Promise<Teacher> {
  const [row] = await db
    .update(users)
    .set({ passwordLinkHash: null, passwordLinkExpiresAt: null })
    .where(and(eq(users.id, input.id), eq(users.passwordLinkHash, hashToken(input.token))))
    .returning();
  return toTeacher(row ?? (await findTeacher(db, input.id)), input.callerId, input.now);
}

/**
 * Deactivates or reactivates a teacher. Deactivating ends every session of theirs and voids their
 * link, and is refused for the caller's own account and for the last active admin: the admin rows are
 * locked first, so two admins deactivating each other at once cannot both succeed.
 */
export async function setTeacherActive(db: Db, input: { id: number; active: boolean; now: Date; callerId: number }): Promise<Teacher> {
  const row = await db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.id)).for('update');
    const target = admins.find((admin) => admin.id === input.id);
    if (!target) throw notFound(teacherNotFoundMessage(input.id));
    if (!input.active) {
      if (input.id === input.callerId) throw conflict(NOT_YOURSELF_MESSAGE);
      if (target.isActive && !admins.some((admin) => admin.id !== input.id && admin.isActive)) throw conflict(LAST_ADMIN_MESSAGE);
    }
    const [updated] = await tx
      .update(users)
      .set(input.active ? { isActive: true } : { isActive: false, passwordLinkHash: null, passwordLinkExpiresAt: null })
      .where(eq(users.id, input.id))
      .returning();
    if (!input.active) await signOutEverywhere(tx, input.id);
    return updated;
  });
  // The ended sessions' cached lookups go too, in every app process.
  invalidateReadCaches(db);
  if (!row) throw notFound(teacherNotFoundMessage(input.id));
  return toTeacher(row, input.callerId, input.now);
}

async function accountOfLink(db: Db, token: string, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.passwordLinkHash, hashToken(token)), gt(users.passwordLinkExpiresAt, now), eq(users.isActive, true)));
  return row ?? null;
}

/** Whose the link is (for the page's heading); 400 when it no longer works. */
export async function passwordLinkOwner(db: Db, token: string, now: Date): Promise<{ username: string; displayName: string | null }> {
  const row = await accountOfLink(db, token, now);
  if (!row) throw badRequest(PASSWORD_LINK_INVALID_MESSAGE);
  return { username: row.username ?? '', displayName: row.displayName };
}

/**
 * Sets the password through the link, which then stops working; every session of the account ends
 * (a reset is often because someone else may know the old password). Answers the sign-in name.
 */
export async function usePasswordLink(db: Db, input: { token: string; newPassword: string; now: Date }): Promise<string> {
  // A made-up token is refused before the costly hash; the update below still guards two uses at once.
  if (!(await accountOfLink(db, input.token, input.now))) throw badRequest(PASSWORD_LINK_INVALID_MESSAGE);
  const passwordHash = await hashPassword(input.newPassword);
  const used = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordLinkHash: null, passwordLinkExpiresAt: null })
      .where(and(eq(users.passwordLinkHash, hashToken(input.token)), gt(users.passwordLinkExpiresAt, input.now), eq(users.isActive, true)))
      .returning();
    if (!row) throw badRequest(PASSWORD_LINK_INVALID_MESSAGE);
    await setPasswordHash(tx, row.id, passwordHash, null);
    return row;
  });
  invalidateReadCaches(db);
  return used.username ?? '';
}
