import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from './handle.js';
import { invalidateLocalReadCaches, setReadCacheBroadcast } from './read-cache.js';

/** The PostgreSQL channel on which app processes say "I wrote: clear your read caches". */
export const READ_CACHE_CHANNEL = 'parley_read_caches';

export interface CacheSync {
  /** The payload of this handle's notifications (a process ignores its own). */
  readonly instanceId: string;
  /** True while the listening connection is up. */
  readonly listening: boolean;
  /** Sends the last pending notification, stops listening and reconnecting. */
  stop(): Promise<void>;
}

export interface CacheSyncOptions {
  connectionString: string;
  /** The app's pool: notifications are sent through it. */
  pool: pg.Pool;
  /** The handle whose read caches are cleared (the Database's `db`). */
  db: Db;
  /** First wait before reconnecting; doubles up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

/**
 * Keeps the read caches (read-cache.ts) of every app process on one PostgreSQL database fresh:
 * - after this process invalidates, one `NOTIFY parley_read_caches, '<instanceId>'` goes out through
 *   the pool; invalidations made while one is being sent are coalesced into one more (at most one in
 *   flight, whatever the write rate);
 * - one dedicated connection LISTENs and clears the local caches on every other handle's
 *   notification. When it drops (a database restart), it reconnects with backoff and clears the
 *   caches once connected again, since notifications may have been missed meanwhile.
 * A notification that cannot be sent is dropped: the caches' 5 s time to live still bounds staleness.
 * Decision 0014.
 */
export async function startCacheSync(options: CacheSyncOptions): Promise<CacheSync> {
  const { connectionString, pool, db } = options;
  const minDelay = options.reconnectDelayMs ?? 250;
  const maxDelay = options.maxReconnectDelayMs ?? 5_000;
  const instanceId = `${process.pid}-${randomBytes(6).toString('hex')}`;

  let stopped = false;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = minDelay;
  const lostClients = new WeakSet<pg.Client>();

  const scheduleReconnect = () => {
    if (stopped || retryTimer || connecting) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connecting = connect().finally(() => {
        connecting = null;
      });
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, maxDelay);
  };

  const lost = (lostClient: pg.Client) => {
    if (lostClients.has(lostClient)) return;
    lostClients.add(lostClient);
    if (client === lostClient) client = null;
    lostClient.end().catch(() => {});
    // After `connecting` settles (this may run inside connect()).
    setImmediate(scheduleReconnect);
  };

  async function connect(): Promise<void> {
    const candidate = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5_000 });
    candidate.on('error', () => lost(candidate));
    candidate.on('end', () => lost(candidate));
    candidate.on('notification', (message) => {
      if (message.channel === READ_CACHE_CHANNEL && message.payload !== instanceId) invalidateLocalReadCaches(db);
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${READ_CACHE_CHANNEL}`);
    } catch {
      lost(candidate);
      return;
    }
    if (stopped) {
      lostClients.add(candidate);
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    delay = minDelay;
    // Whatever other processes wrote while this one was not listening is read again.
    invalidateLocalReadCaches(db);
  }

  // Coalesced notifications: `dirty` says an invalidation happened since the last NOTIFY was sent.
  let dirty = false;
  let sending: Promise<void> | null = null;
  const pump = async () => {
    // Gathers the invalidations of this turn of the event loop into one notification.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (dirty) {
      dirty = false;
      try {
        await pool.query('select pg_notify($1, $2)', [READ_CACHE_CHANNEL, instanceId]);
      } catch {
        // The database is unreachable: the writes that invalidated failed too, or the TTL covers it.
      }
    }
    sending = null;
  };
  const broadcast = () => {
    dirty = true;
    sending ??= pump();
  };

  connecting = connect().finally(() => {
    connecting = null;
  });
  await connecting;
  setReadCacheBroadcast(db, broadcast);

  return {
    instanceId,
    get listening() {
      return client !== null;
    },
    stop: async () => {
      setReadCacheBroadcast(db, undefined);
      if (sending) await sending;
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      if (connecting) await connecting;
      const last = client;
      client = null;
      if (last) {
        lostClients.add(last);
        await last.end().catch(() => {});
      }
    },
  };
}
