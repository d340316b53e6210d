import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { attemptsListQuery, EXPORT_PAGE_ROWS } from './admin-queries.js';

/*
 * A school's year of attempts in the CSV export: read in pages (the server's one thread is not held
 * by one statement's thousands of rows and their file), every attempt once, newest first; and the
 * rows the lists and the export read leave each attempt's saved transcript (session_data, kept out
 * of line by PostgreSQL once it is a few kilobytes) unread.
 */

const ATTEMPTS = 1_200;
/** About 25 KB of transcript an attempt, as a whole test's answers are: stored out of line (TOAST). */
const TRANSCRIPT = sql.raw(`(select jsonb_build_object('transcript', string_agg(md5(g::text || ':' || i::text), ' ')) from generate_series(1, 800) i)`);

interface QueryClient {
  query: (...args: unknown[]) => Promise<{ rows?: unknown[] }>;
}

describe.each(testDrivers)('the attempts export of a large school on %s', (driver) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const admin = await createAdmin(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, admin.user.id);
    const { student } = await createStudent(t.database.db, { studentName: 'Asha Rao' });
    await t.database.db.execute(sql`
      insert into attempts (id, kind, student_id, session_data, assessable, overall, scores, duration_ms, completed_at)
      select gen_random_uuid(), 'ielts', ${student.id}, ${TRANSCRIPT}, true, 6,
             '{"fluency": 6, "vocabulary": 6, "grammar": 6, "pronunciation": 6, "overall": 6}'::jsonb, 900000,
             '2026-01-01T00:00:00Z'::timestamptz + g * interval '7 hours'
      from generate_series(1, ${ATTEMPTS}) g`);
    await t.database.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => t?.close());

  it(`reads the attempts in statements of at most ${EXPORT_PAGE_ROWS} rows and writes each once, newest first`, async () => {
    const client = (t.database.db as unknown as { $client: QueryClient }).$client;
    const original = client.query.bind(client);
    const rowsPerStatement: number[] = [];
    client.query = async (...args: unknown[]) => {
      const result = await original(...args);
      rowsPerStatement.push(result.rows?.length ?? 0);
      return result;
    };
    let response;
    try {
      response = await t.app.inject({ method: 'GET', url: '/api/admin/test-attempts/export.csv', headers: { cookie } });
    } finally {
      client.query = original;
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(Math.max(...rowsPerStatement)).toBeLessThanOrEqual(EXPORT_PAGE_ROWS);

    const [header, ...rows] = parse(response.body, { bom: true }) as string[][];
    const idColumn = (header ?? []).indexOf('Attempt ID');
    const dateColumn = (header ?? []).indexOf('Test Date');
    expect(idColumn).toBeGreaterThan(0);
    expect(rows).toHaveLength(ATTEMPTS);
    expect(new Set(rows.map((row) => row[idColumn])).size).toBe(ATTEMPTS);
    const dates = rows.map((row) => row[dateColumn] ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('reads fewer blocks for every attempt of the list than there are attempts: no transcript is read', async () => {
    if (driver !== 'postgres') return;
    const { rows } = (await t.database.db.execute(
      sql`explain (analyze, buffers, format json) ${attemptsListQuery(t.database.db, 'ielts', null)}`,
    )) as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }> };
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    const blocks = (plan?.['Shared Hit Blocks'] ?? 0) + (plan?.['Shared Read Blocks'] ?? 0);
    expect(blocks).toBeGreaterThan(0);
    // Each transcript is several out-of-line blocks: reading them costs several blocks an attempt.
    expect(blocks).toBeLessThan(ATTEMPTS / 4);
  });
});
