import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open.js';
import { createTestDatabase, testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { explainCustom, explainGeneric, planNodes, planOf } from '../db/explain.js';
import { createReadCaches, invalidateReadCaches } from '../db/read-cache.js';
import { attemptListCaches, attemptsPageQuery, listAttempts, type AttemptListCaches } from './admin-queries.js';
import { schoolDayRange } from '../lib/school-day.js';

const ROWS = 20_000;
/** Attempts every 37 minutes from 1 Jan 2026, alternating kinds: about 39 a day, over 500 days. */
const FIRST = '2026-01-01T00:00:00Z';
const STEP_MINUTES = 37;

describe.each(testDrivers)('the attempts list query on %s', (driver) => {
  let database: Database;
  /** The list's read caches, as an app would make them. */
  let caches: AttemptListCaches;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    caches = attemptListCaches(createReadCaches(database.db, () => new Date()));
    const { student } = await createStudent(database.db);
    await database.db.execute(sql`
      insert into attempts (id, kind, student_id, session_data, assessable, overall, scores, duration_ms, completed_at)
      select gen_random_uuid(), case when g % 2 = 0 then 'ielts' else 'interview' end, ${student.id}, '{}'::jsonb, true, 6,
             '{"fluency": 6, "vocabulary": 6, "grammar": 6, "pronunciation": 6, "overall": 6}'::jsonb, 60000,
             ${FIRST}::timestamptz + g * interval '${sql.raw(String(STEP_MINUTES))} minutes'
      from generate_series(1, ${ROWS}) as g
    `);
    await database.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => database?.close());

  it('finds one school day of one kind, newest first, and reads it through attempts_kind_completed_idx on PostgreSQL', async () => {
    const range = schoolDayRange('2026-03-01', 'Asia/Kolkata');
    const { attempts, total } = await listAttempts(database.db, caches, { kind: 'ielts', range, page: 1, limit: 10 });
    // The rows of that day, counted independently from the generator's arithmetic.
    const stepMs = STEP_MINUTES * 60_000;
    const expected = Array.from({ length: ROWS }, (_, i) => i + 1)
      .filter((g) => g % 2 === 0)
      .map((g) => Date.parse(FIRST) + g * stepMs)
      .filter((at) => at >= range.start.getTime() && at < range.end.getTime());
    expect(total).toBe(expected.length);
    expect(attempts.map((row) => Date.parse(row.createdAt))).toEqual(expected.reverse().slice(0, 10));

    if (driver !== 'postgres') return;
    const shape = (withRange: boolean, afterCursor: boolean) => ({ withRange, afterCursor, limit: 10 });
    const after = { afterAt: '2026-06-01T00:00:00Z', afterId: '00000000-0000-0000-0000-000000000000' };
    const dates = { start: range.start.toISOString(), end: range.end.toISOString() };
    // The page statements as PostgreSQL keeps them planned (generic plans: made without the values).
    const plans = {
      'the first page of every date': await explainGeneric(database.db, attemptsPageQuery(database.db, shape(false, false)), { kind: 'ielts' }, 'json'),
      'the page of one date': await explainGeneric(database.db, attemptsPageQuery(database.db, shape(true, false)), { kind: 'ielts', ...dates }, 'json'),
      'a later page of every date': await explainGeneric(database.db, attemptsPageQuery(database.db, shape(false, true)), { kind: 'interview', ...after }, 'json'),
      'a later page of one date': await explainGeneric(database.db, attemptsPageQuery(database.db, shape(true, true)), { kind: 'ielts', ...dates, ...after }, 'json'),
      'the total of one date': await explainCustom(database.db, sql`select count(*) from attempts where kind = 'ielts' and completed_at >= ${range.start} and completed_at < ${range.end}`, 'json'),
    };
    for (const [name, rows] of Object.entries(plans)) {
      const plan = planOf(rows);
      const all = planNodes(plan);
      const described = JSON.stringify(plan);
      expect(all.filter((node) => node['Relation Name'] === 'attempts' && node['Node Type'] === 'Seq Scan'), `${name}: ${described}`).toEqual([]);
      expect(all.some((node) => node['Index Name'] === 'attempts_kind_completed_idx'), `${name}: ${described}`).toBe(true);
      // The index gives the order: nothing is sorted.
      expect(all.some((node) => node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort'), `${name} sorts: ${described}`).toBe(false);
    }
  });

  it('pages through a list by seeking: every attempt once, in order, whether paged on or jumped to, ties included', async () => {
    // 25 attempts completed in the same microsecond, and one a microsecond later: ties go by id (desc).
    await database.db.execute(sql`
      insert into attempts (id, kind, student_id, session_data, assessable, overall, scores, duration_ms, completed_at)
      select gen_random_uuid(), 'ielts', (select min(id) from students), '{}'::jsonb, false, null, null, 60000,
             '2026-03-01T10:00:00.123456Z'::timestamptz + case when g = 26 then interval '1 microsecond' else interval '0' end
      from generate_series(1, 26) as g
    `);
    invalidateReadCaches(database.db);
    const range = schoolDayRange('2026-03-01', 'Asia/Kolkata');
    const expected = (
      (await database.db.execute(sql`
        select id from attempts where kind = 'ielts' and completed_at >= ${range.start} and completed_at < ${range.end}
        order by completed_at desc, id desc`)) as unknown as { rows: Array<{ id: string }> }
    ).rows.map((row) => row.id);
    expect(expected.length).toBeGreaterThan(40);
    const limit = 7;
    const pages = Math.ceil(expected.length / limit);
    const page = async (n: number) => (await listAttempts(database.db, caches, { kind: 'ielts', range, page: n, limit })).attempts.map((row) => row.id);

    // Jumping straight to each page, with nothing kept (each start counted through the index).
    const jumped: string[] = [];
    for (let n = pages; n >= 1; n -= 1) {
      invalidateReadCaches(database.db);
      jumped.unshift(...(await page(n)));
    }
    expect(jumped).toEqual(expected);
    // Paging on from the first page (each start learned from the page before).
    invalidateReadCaches(database.db);
    const pagedOn: string[] = [];
    for (let n = 1; n <= pages; n += 1) pagedOn.push(...(await page(n)));
    expect(pagedOn).toEqual(expected);
    // Again, now every start is kept; past the end is empty.
    const again: string[] = [];
    for (let n = 1; n <= pages; n += 1) again.push(...(await page(n)));
    expect(again).toEqual(expected);
    expect(await page(pages + 1)).toEqual([]);
    expect(await page(pages + 5)).toEqual([]);
  });
});
