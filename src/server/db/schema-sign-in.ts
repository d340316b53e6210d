import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/**
 * Browsers that signed in to an account before (decision 0029): the hash of the `parley_device`
 * cookie given at a successful sign-in. A sign-in from such a browser counts in a budget of its own,
 * so wrong guesses by strangers, which spend the account's shared budget, cannot lock the owner out.
 * It proves nothing about who types: the password is still checked.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last successful sign-in with it; older than the cookie's lifetime, it counts for nothing. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_devices_user_idx').on(t.userId)],
);
