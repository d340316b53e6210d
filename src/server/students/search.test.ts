import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainGeneric, planNodes, planOf } from '../db/explain.js';
import { foldName } from '../db/name-fold.js';
import type { Database } from '../db/open.js';
import { seedCourses } from '../db/seed.js';
import { createReadCaches, invalidateReadCaches } from '../db/read-cache.js';
import { createTestDatabase, testDrivers } from '../test/databases.js';
import { listStudents, studentListCaches, type StudentListCaches } from './admin-list.js';
import { SEARCH_IDS_MAX, studentsByIdsQuery, studentsSearchWalkQuery } from './admin-search.js';

const STUDENTS = 3_000;

describe.each(testDrivers)('a student search on %s, common or rare', (driver) => {
  let database: Database;
  /** The list's read caches, as an app would make them. */
  let caches: StudentListCaches;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    caches = studentListCaches(createReadCaches(database.db, () => new Date()));
    await seedCourses(database.db);
    // Every 10th student is an "Anika" (common); three are "Zoravar" (rare); mobiles end in their number.
    await database.db.execute(sql`
      with made as (
        insert into users (username, password_hash, is_admin, created_at)
        select 'search' || g, 'not-a-hash', false, now() from generate_series(1, ${STUDENTS}) g
        returning id, username)
      insert into students (user_id, student_name, course_id, mobile_number, status, created_at)
      select made.id,
             case when g % 10 = 0 then 'Anika ' || g when g in (7, 1507, 2999) then 'Zoravar ' || g else 'Pupil ' || g end,
             (select min(id) from courses),
             '+9170000' || lpad(g::text, 5, '0'),
             'Activated',
             -- Groups of five created in the same instant: ties go by id.
             timestamptz '2026-01-01T00:00:00Z' + (g / 5) * interval '1 minute'
      from made cross join lateral (select substr(made.username, 7)::int as g) n`);
    await database.db.execute(sql`analyze`);
    invalidateReadCaches(database.db);
  }, 120_000);
  afterAll(() => database?.close());

  const expected = async (where: ReturnType<typeof sql>, offset = 0) =>
    (
      (await database.db.execute(sql`select id from students where ${where} order by created_at desc, id desc limit 10 offset ${offset}`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows.map((row) => row.id);

  const counted = async (where: ReturnType<typeof sql>) =>
    Number(((await database.db.execute(sql`select count(*) as n from students where ${where}`)) as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n);

  it('finds the same students whichever way it reads them', async () => {
    const search = async (text: string, page = 1) => {
      const result = await listStudents(database.db, caches, { page, limit: 10, search: text }, 'UTC');
      return { ids: result.students.map((row) => row.id), total: result.total };
    };
    expect(SEARCH_IDS_MAX).toBeLessThan(2_700);
    // Many matches (2,697 "Pupil"s, every number has "70000"): the first page walks newest first, later pages use OFFSET.
    expect(await search('pupil')).toEqual({ ids: await expected(sql`student_name ilike '%pupil%'`), total: 2_697 });
    expect(await search('PUP', 4)).toEqual({ ids: await expected(sql`student_name ilike '%pup%'`, 30), total: 2_697 });
    expect(await search('70000')).toEqual({ ids: await expected(sql`student_name ilike '%70000%' or mobile_number like '%70000%'`), total: STUDENTS });
    // Fewer (300 "Anika"s, 3 "Zoravar"s, one number): their ids are kept with the total, and pages read by id.
    expect(await search('anika')).toEqual({ ids: await expected(sql`student_name ilike '%anika%'`), total: 300 });
    expect(await search('ANI', 3)).toEqual({ ids: await expected(sql`student_name ilike '%ani%'`, 20), total: 300 });
    expect(await search('ani', 31)).toEqual({ ids: [], total: 300 });
    expect(await search('zoravar')).toEqual({ ids: await expected(sql`student_name ilike '%zoravar%'`), total: 3 });
    expect(await search('01507')).toEqual({ ids: await expected(sql`student_name ilike '%1507%' or mobile_number like '%1507%'`), total: 1 });
    // Wildcards are taken literally, whichever way.
    expect(await search('pup_l')).toEqual({ ids: [], total: 0 });
    expect(await search('%')).toEqual({ ids: [], total: 0 });
    // Every word, in any order, whichever way it reads them (many matches walk, few are kept by id).
    const walked = sql`student_name ilike '%u%' and student_name ilike '%p%'`;
    expect(await search('u P')).toEqual({ ids: await expected(walked), total: await counted(walked) });
    expect(await counted(walked)).toBeGreaterThan(SEARCH_IDS_MAX);
    const both = sql`student_name ilike '%pupil%' and student_name ilike '%15%'`;
    expect(await search('15 pupil')).toEqual({ ids: await expected(both), total: await counted(both) });
    const rare = sql`student_name ilike '%anika%' and student_name ilike '%99%'`;
    expect(await search('anika 99')).toEqual({ ids: await expected(rare), total: await counted(rare) });
  });

  it("finds a name however its words are ordered or its commas placed, in any case", async () => {
    const named = ['José Núñez', "Kiran O'Brien", 'Rao, Priya', 'ZOË ÅBERG', 'अनन्या शर्मा', 'Mary-Jane D’Souza', 'Łukasz Wąsowski-Żak', 'İsmail Yıldız'];
    await database.db.execute(sql`
      with made as (
        insert into users (username, password_hash, is_admin, created_at)
        select 'named' || g, 'not-a-hash', false, now() from generate_series(1, ${named.length}) g
        returning id, username)
      insert into students (user_id, student_name, course_id, mobile_number, status, created_at)
      select made.id, (string_to_array(${named.join('|')}, '|'))[substr(made.username, 6)::int], (select min(id) from courses),
             '+9180000' || lpad(substr(made.username, 6), 5, '0'), 'Activated', now()
      from made`);
    invalidateReadCaches(database.db);
    const names = async (text: string) => (await listStudents(database.db, caches, { page: 1, limit: 10, search: text }, 'UTC')).students.map((row) => row.studentName);
    expect(await names('priya rao')).toEqual(['Rao, Priya']);
    expect(await names('RAO  priya')).toEqual(['Rao, Priya']);
    expect(await names("o'brien kiran")).toEqual(["Kiran O'Brien"]);
    expect(await names('núñez josé')).toEqual(['José Núñez']);
    expect(await names('शर्मा')).toEqual(['अनन्या शर्मा']);
    expect(await names('priya kiran')).toEqual([]);
    // Typed without accents, apostrophes or hyphens, or with them: the same students (name-fold.ts).
    expect(await names('jose nunez')).toEqual(['José Núñez']);
    expect(await names('obrien')).toEqual(["Kiran O'Brien"]);
    expect(await names('O’BRIEN')).toEqual(["Kiran O'Brien"]);
    expect(await names('zoe aberg')).toEqual(['ZOË ÅBERG']);
    expect(await names('dsouza maryjane')).toEqual(['Mary-Jane D’Souza']);
    expect(await names("d'souza mary jane")).toEqual(['Mary-Jane D’Souza']);
    expect(await names('lukasz wasowski zak')).toEqual(['Łukasz Wąsowski-Żak']);
    // The dotted capital I as the list shows it, and an accent typed as a separate mark.
    expect(await names('İsmail')).toEqual(['İsmail Yıldız']);
    expect(await names('ismail yildiz')).toEqual(['İsmail Yıldız']);
    expect(await names('Jose\u0301')).toEqual(['José Núñez']);
    // The database's folded names are the ones foldName gives, letter for letter.
    const stored = (await database.db.execute(sql`select student_name, search_name from students where user_id in (select id from users where username like 'named%')`)) as unknown as {
      rows: Array<{ student_name: string; search_name: string }>;
    };
    expect(stored.rows).toHaveLength(named.length);
    for (const row of stored.rows) expect(row.search_name, row.student_name).toBe(foldName(row.student_name));
    // More words than the walk takes: the rest are read as one, in order, whichever way a search is read.
    expect(await names('r a o p')).toEqual([]);
    expect(await names('r a o,')).toEqual(['Rao, Priya']);
  });

  it('plans the walk and the by-id read once, each on an index (PostgreSQL)', async () => {
    if (driver !== 'postgres') return;
    const plans = [
      ...[false, true].map((byMobile) => ({
        query: studentsSearchWalkQuery(database.db, { byMobile, limit: 10 }),
        values: { word0: 'ani', word1: 'ka', word2: '', digits: '123' },
        index: 'students_created_idx',
      })),
      { query: studentsByIdsQuery(database.db), values: { ids: '{1,2,3}' }, index: 'students_pkey' },
    ];
    for (const { query, values, index } of plans) {
      const rows = await explainGeneric(database.db, query, values, 'json');
      const plan = planOf(rows);
      const all = planNodes(plan);
      expect(all.filter((node) => node['Relation Name'] === 'students' && node['Node Type'] === 'Seq Scan'), JSON.stringify(plan)).toEqual([]);
      expect(all.some((node) => node['Index Name'] === index), JSON.stringify(plan)).toBe(true);
    }
  });
});
