import type { Config } from '../config.js';
import { lockDataDir } from '../lib/data-dir-lock.js';
import { openDatabase, type Database } from './open.js';

/**
 * Opens the configured database and applies migrations: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded PGlite in DATA_DIR, held under a lock so no second process can open it.
 */
export async function connectConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
  const release = lockDataDir(config.DATA_DIR);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
