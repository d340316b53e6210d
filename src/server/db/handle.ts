import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/**
 * The Drizzle handle over the app's schema, on PGlite or PostgreSQL alike. It lives apart from
 * open.ts (which re-exports it) so that the modules open.ts itself uses, cache-sync.ts and
 * read-cache.ts, can name it without an import cycle (decision 0020).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
