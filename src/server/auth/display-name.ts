import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { users } from '../db/schema.js';
import { invalidateReadCaches } from '../db/read-cache.js';

/** The longest display name: a title and a full name ("Mrs Lakshmi Subramanian-Iyer"). */
export const DISPLAY_NAME_MAX_LENGTH = 60;

/**
 * Sets the name students see for a teacher (decision 0029; `npm run admin -- set-display-name`), or
 * clears it (empty: students see "your teacher"). Answers a sentence for the person running it.
 */
export async function setDisplayName(db: Db, username: string, name: string): Promise<{ ok: boolean; message: string }> {
  const displayName = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (/\p{Cc}|\p{Cf}/u.test(displayName)) return { ok: false, message: 'A display name may not hold control or invisible characters.' };
  if (displayName.length > DISPLAY_NAME_MAX_LENGTH) return { ok: false, message: `A display name is at most ${DISPLAY_NAME_MAX_LENGTH} characters.` };
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
