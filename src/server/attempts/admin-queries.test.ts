import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open.js';
import { createTestDatabase, testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';
import { attemptsListQuery, listAttempts } from './admin-queries.js';
import { schoolDayRange } from './school-day.js';

const ROWS = 20_000;
/** Attempts every 37 minutes from 1 Jan 2026, alternating kinds: about 39 a day, over 500 days. */
const FIRST = '2026-01-01T00:00:00Z';
const STEP_MINUTES = 37;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.each(testDrivers)('the attempts list query on %s', (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
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
    const { attempts, total } = await listAttempts(database.db, { kind: 'ielts', range, page: 1, limit: 10 });
    // The rows of that day, counted independently from the generator's arithmetic.
    const stepMs = STEP_MINUTES * 60_000;
    const expected = Array.from({ length: ROWS }, (_, i) => i + 1)
      .filter((g) => g % 2 === 0)
      .map((g) => Date.parse(FIRST) + g * stepMs)
      .filter((at) => at >= range.start.getTime() && at < range.end.getTime());
    expect(total).toBe(expected.length);
    expect(attempts.map((row) => Date.parse(row.createdAt))).toEqual(expected.reverse().slice(0, 10));

    if (driver !== 'postgres') return;
    const filter = sql`kind = 'ielts' and completed_at >= ${range.start} and completed_at < ${range.end}`;
    const queries = {
      'the page of one date': attemptsListQuery(database.db, 'ielts', range, { limit: 10, offset: 0 }),
      // Without a date the index gives the order, so only the first rows are read, not every attempt.
      'the third page of every date': attemptsListQuery(database.db, 'interview', null, { limit: 10, offset: 20 }),
      'the total of one date': sql`select count(*) from attempts where ${filter}`,
    };
    for (const [name, query] of Object.entries(queries)) {
      const result = (await database.db.execute(sql`explain (format json) ${query}`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
      };
      const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
      const all = nodes(plan);
      const described = JSON.stringify(plan);
      expect(all.filter((node) => node['Relation Name'] === 'attempts' && node['Node Type'] === 'Seq Scan'), `${name}: ${described}`).toEqual([]);
      expect(all.some((node) => node['Index Name'] === 'attempts_kind_completed_idx'), `${name}: ${described}`).toBe(true);
      // The page's ten rows may be sorted after the join (attemptsListQuery's deferred join); no more.
      expect(all.some((node) => node['Node Type'] === 'Sort' && (node['Plan Rows'] ?? 0) > 10), `${name} sorts every row: ${described}`).toBe(false);
    }
  });
});
