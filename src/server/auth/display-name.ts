import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { users } from '../db/schema.js';
import { invalidateReadCaches } from '../db/read-cache.js';
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

/**
 * Sets the name students see for a teacher (decision 0029; `npm run admin -- set-display-name`), or
 * clears it (empty: students see "your teacher"). Answers a sentence for the person running it.
 */
export async function setDisplayName(db: Db, username: string, name: string): Promise<{ ok: boolean; message: string }> {
  const displayName = tidyDisplayName(name);
  const problem = displayNameProblem(displayName);
  if (problem) return { ok: false, message: problem };
  const [user] = await db
    .update(users)
    .set({ displayName: displayName || null })
    .where(eq(users.username, username.normalize('NFKC').trim().toLowerCase()))
    .returning({ username: users.username });
  if (!user) return { ok: false, message: `No user with the username '${username}'.` };
  invalidateReadCaches(db);
  return {
    ok: true,
    message: displayName ? `Students now see '${user.username}' as '${displayName}'.` : `Students now see '${user.username}' as "your teacher".`,
  };
}
