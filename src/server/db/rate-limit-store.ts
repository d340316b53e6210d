import { eq, sql } from 'drizzle-orm';
import type { Db } from './open.js';
import { rateLimits } from './schema.js';
import type { BudgetCount, BudgetStore, CountedWindow } from '../lib/budget-store.js';

export type { BudgetCount } from '../lib/budget-store.js';

/** Expired budget rows are deleted at most this often per store (as it counts). */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 60_000;
/** A counter stops growing here (a flood cannot overflow the integer column). */
const MAX_HITS = 1_000_000_000;

type CountRow = { hits: number | string; ttl_ms: number | string };
/** The rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: CountRow[] }).rows;

/**
 * Counts one request against a key in the shared `rate_limits` table, in one atomic statement: a new
 * key or a key whose window has ended starts a window of `windowMs` with 1 hit; otherwise the count
 * goes up by one. Every app process on the database shares the counts (decision 0014).
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<BudgetCount> {
  const window = sql`(${Math.max(0, Math.trunc(windowMs))} * interval '1 millisecond')`;
  const rows = rowsOf(await db.execute(sql`
    insert into ${rateLimits} as r (key, hits, reset_at) values (${key}, 1, now() + ${window})
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then 1 else least(r.hits + 1, ${MAX_HITS}) end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.hits, ceil(extract(epoch from (r.reset_at - now())) * 1000)::bigint as ttl_ms`));
  const row = rows[0];
  if (!row) throw new Error(`the rate limit row for ${key} was not returned`);
  return { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) };
}

/** The count of a key without counting (0 hits when its window has ended or it has none). */
export async function readHits(db: Db, key: string): Promise<BudgetCount> {
  const rows = rowsOf(await db.execute(sql`
    select hits, ceil(extract(epoch from (reset_at - now())) * 1000)::bigint as ttl_ms
    from ${rateLimits} where key = ${key} and reset_at > now()`));
  const row = rows[0];
  return row ? { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) } : { hits: 0, ttlMs: 0 };
}

/**
 * Gives back one counted request while the window it was counted in lasts, never below 0 hits: the
 * window (its row's reset_at) must end within half a window of `endsInMs` from now (CountedWindow).
 */
export async function refundHit(db: Db, key: string, { windowMs, endsInMs }: CountedWindow): Promise<void> {
  const ms = (value: number) => sql`(${Math.round(value)} * interval '1 millisecond')`;
  await db.execute(sql`update ${rateLimits} set hits = hits - 1
    where key = ${key} and reset_at > now() and hits > 0
      and reset_at > now() + ${ms(endsInMs - windowMs / 2)} and reset_at < now() + ${ms(endsInMs + windowMs / 2)}`);
}

/** Ends a key's window at once: its budget is whole again (a lifted lock). */
export async function clearBudget(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * The default budget store: counts in the database's `rate_limits` table, so every app process on the
 * database shares them (decision 0014). Made per app (buildApp), so a test's fresh database has fresh
 * budgets. Rows of ended windows are deleted as it counts, at most once a minute by the app's clock
 * (the windows themselves end by the database's). Nothing to close: the database handle belongs to its opener.
 */
export function databaseBudgetStore(db: Db, now: () => Date): BudgetStore {
  let lastSweep = Number.NEGATIVE_INFINITY;
  const sweepExpired = async () => {
    const at = now().getTime();
    if (at - lastSweep < RATE_LIMIT_SWEEP_INTERVAL_MS) return;
    lastSweep = at;
    await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
  };
  return {
    kind: 'database',
    countHit: async (key, windowMs) => {
      await sweepExpired();
      return countHit(db, key, windowMs);
    },
    readHits: (key) => readHits(db, key),
    refund: (key, counted) => refundHit(db, key, counted),
    clear: (key) => clearBudget(db, key),
    close: async () => {},
  };
}
