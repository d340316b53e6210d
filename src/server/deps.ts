import type { BodyTimeLimits } from '../shared/api/body-time-limits.js';
import type { RateLimits } from './auth/limits.js';
import type { Config } from './config.js';
import type { Database } from './db/open.js';
import type { BudgetStore } from './lib/budget-store.js';
import type { ExportSlots } from './lib/export-slots.js';
import type { ReadCaches } from './db/read-cache.js';
import type { Mailer } from './mail/mailer.js';
import type { RecordingStores } from './recordings/store.js';

/** Everything the app needs from outside; tests pass their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** The clock, injected so that expiry can be tested. */
  now: () => Date;
  rateLimits: RateLimits;
  /** Folder of the built client; the API still works when it does not exist. */
  clientDir?: string;
  /** Fastify's logger: off, on, or a level and where the lines go (tests capture them with `stream`). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Where recordings go; by default from the configuration (files on PGlite, the database on PostgreSQL). */
  recordingStores?: RecordingStores;
  /** The background analysis of recordings (main.ts starts it); told when a recording is stored. */
  analysis?: { kick(): void };
  /** How long a request's body may take to arrive, in place of BODY_TIME_LIMITS' figures (tests make them small). */
  bodyTimeLimits?: Partial<BodyTimeLimits>;
}

/**
 * What each area of routes gets: the app's dependencies and what buildApp made from them: the stores,
 * the app's read caches, from which an area makes its own (on the app's clock, cleared by writes), and
 * the slots every CSV export takes (one per teacher, a few per process).
 */
export type AreaDeps = AppDeps & { recordingStores: RecordingStores; budgets: BudgetStore; readCaches: ReadCaches; exportSlots: ExportSlots };
