import type { RateLimits } from './auth/limits.js';
import type { Config } from './config.js';
import type { Database } from './db/open.js';
import type { Mailer } from './mail/mailer.js';

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
  logger?: boolean | { level: string };
}
