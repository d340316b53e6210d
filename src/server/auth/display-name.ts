import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { users } from '../db/schema.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { usernameSpelling } from './service.js';
import { DISPLAY_NAME_MAX_LENGTH } from '../../shared/api/teachers-limits.js';

export { DISPLAY_NAME_MAX_LENGTH };

/** A display name as stored: NFC, spaces collapsed and trimmed. */
export function tidyDisplayName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** Why a (tidied) display name cannot be stored, or null. */
export function displayNameProblem(displayName: string): string | null {
  if (/\p{Cc}|\p{Cf}/u.test(displayName)) return 'A display name may not hold control or invisible characters.';
  if (displayName.length > DISPLAY_NAME_MAX_LENGTH) return `A display name is at most ${DISPLAY_NAME_MAX_LENGTH} characters.`;
  return null;
}

/** A display name folded for comparing: case, letter widths and spacing do not tell two teachers apart. */
const nameKey = (name: string) => name.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

/**
 * Why `displayName` would leave two teachers with one name, or null. Students read the name on their
 * reviews and teachers on each other's drafts and saves ("compare them with Priya's version"), so two
 * Priyas could not be told apart. Every teacher account counts, deactivated ones too: their name stays
 * on the reviews they wrote, and a teacher coming back is better reactivated than added again. An empty
 * name (students see "your teacher") is never taken. Teachers are few, so their names are compared here.
 */
export async function displayNameClash(db: Db, displayName: string, exceptId: number | null): Promise<string | null> {
  if (!displayName) return null;
  const key = nameKey(displayName);
  const teachers = await db
    .select({ id: users.id, displayName: users.displayName, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNotNull(users.displayName)));
  const other = teachers.find((row) => row.id !== exceptId && row.displayName !== null && nameKey(row.displayName) === key);
  if (!other) return null;
  return other.isActive
    ? `Another teacher is already called ${other.displayName}. Add an initial or a surname so that students and teachers can tell the two apart.`
    : `A deactivated teacher is already called ${other.displayName}. If they are back, reactivate their account on the Teachers tab; otherwise add an initial or a surname.`;
}

/**
 * Sets the name students see for a teacher (decision 0029; `npm run admin -- set-display-name`), or
 * clears it (empty: students see "your teacher"). Answers a sentence for the person running it.
 */
export async function setDisplayName(db: Db, username: string, name: string): Promise<{ ok: boolean; message: string }> {
  const displayName = tidyDisplayName(name);
  const problem = displayNameProblem(displayName);
  if (problem) return { ok: false, message: problem };
  const spelling = usernameSpelling(username);
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.username, spelling));
  const clash = account ? await displayNameClash(db, displayName, account.id) : null;
  if (clash) return { ok: false, message: clash };
  const [user] = await db
    .update(users)
    .set({ displayName: displayName || null })
    .where(eq(users.username, spelling))
    .returning({ username: users.username });
  if (!user) return { ok: false, message: `No user with the username '${username}'.` };
  invalidateReadCaches(db);
  return {
    ok: true,
    message: displayName ? `Students now see '${user.username}' as '${displayName}'.` : `Students now see '${user.username}' as "your teacher".`,
  };
}
