import type { Db } from '../db/open.js';
import { expireOldRecordings } from './service.js';
import type { RecordingStores } from './store.js';

/** Uploads cut off by a crash are cleared once older than this (an upload in progress is never this old). */
const LEFTOVER_AGE_MS = 6 * 3600_000;
const EVERY_MS = 3600_000;

/**
 * The recordings' housekeeping, at start and then hourly: recordings past the retention period are
 * deleted (their attempts stay), and pieces or files of uploads that a crash cut off are cleared.
 * Safe with several processes: each recording is marked expired by one of them only.
 */
export function startRecordingMaintenance(options: {
  db: Db;
  stores: RecordingStores;
  retentionDays: number;
  now: () => Date;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}): () => void {
  let running: Promise<void> | null = null;
  const runOnce = async () => {
    const now = options.now();
    let expired = 0;
    // In batches, so that a first run over years of recordings does not hold the database long.
    for (let batch = await expireOldRecordings(options.db, options.stores, { now, retentionDays: options.retentionDays }); batch > 0; ) {
      expired += batch;
      batch = await expireOldRecordings(options.db, options.stores, { now, retentionDays: options.retentionDays });
    }
    let leftovers = 0;
    for (const kind of ['file', 'database'] as const) leftovers += await options.stores.of(kind).sweepLeftovers(LEFTOVER_AGE_MS, now);
    if (expired > 0 || leftovers > 0) options.log.info({ expired, leftovers }, 'recordings: retention applied and cut-off uploads cleared');
  };
  const tick = () => {
    running ??= runOnce()
      .catch((error: unknown) => options.log.warn({ err: error }, 'recording housekeeping failed; it runs again within the hour'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
