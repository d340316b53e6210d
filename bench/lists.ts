import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { attemptCursorQuery, attemptsCountQuery, attemptsPageQuery } from '../src/server/attempts/admin-queries.ts';
import { explainCustom, explainGeneric, type Explainable } from '../src/server/db/explain.ts';
import { schoolDayRange } from '../src/server/lib/school-day.ts';
import {
  awaitingCountQuery,
  awaitingListQuery,
  coursesQuery,
  distributionQuery,
  inactiveCountQuery,
  inactiveListQuery,
  inactiveSince,
  schoolWeeks,
  weeklyQuery,
} from '../src/server/class-view/queries.ts';
import { COURSE_IELTS } from '../src/shared/courses.ts';
import { hashPassword, verifyPassword } from '../src/server/lib/passwords.ts';
import { DEFAULT_RATE_LIMITS } from '../src/server/auth/limits.ts';
import { testSessionBody } from '../src/server/test/attempt-fixtures.ts';
import { openDatabase, type Database, type Db } from '../src/server/db/open.ts';
import { seedCourses } from '../src/server/db/seed.ts';
import { studentCursorQuery, studentsFirstPagesQuery } from '../src/server/students/admin-list.ts';
import {
  SEARCH_IDS_MAX,
  studentSearchIdsQuery,
  studentsByIdsQuery,
  studentsCountQuery,
  studentsPageQuery,
  studentsSearchWalkQuery,
} from '../src/server/students/admin-search.ts';
import { freePort } from '../e2e/support/ports.ts';
import { ATTEMPTS_PAGE_SIZE } from '../src/shared/api/admin-attempts.ts';
import { STUDENTS_PAGE_SIZE } from '../src/shared/api/students.ts';
import { ANALYSIS_LIST_CONNECTIONS, CONCURRENT_ANALYSES, measureListDuringAnalyses, type AnalysisLoadRow } from './analysis.ts';
import { LIST_CONNECTIONS, measureUploads, prepareUploaders, UPLOAD_BYTES, UPLOADERS, type Uploader, type UploadRow } from './uploads.ts';

/**
 * The admin lists under load (`npm run bench`, called from bench/run.ts): per driver (PGlite in a
 * temporary DATA_DIR always; PostgreSQL on BENCH_DATABASE_URL, or postgres://postgres@127.0.0.1:5432
 * when that answers, in a fresh database `parley_bench` dropped at the end), seed 50,000 students and
 * 200,000 attempts with set-based SQL, EXPLAIN every list query the endpoints run (failing on a
 * sequential scan of students or attempts), then start the built server and measure each list with
 * autocannon against a bare route in the same process (the ceiling).
 */

export const STUDENTS = 50_000;
export const ATTEMPTS = 200_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const WARMUP_S = 1;
const TIME_ZONE = 'Asia/Kolkata';
const ADMIN_PASSWORD = 'bench-admin-password';
const STUDENT_PASSWORD = 'bench-student-password';
/** Sign-ins measured at once, each by its own account (the per-client limit allows 60 per 15 minutes). */
const SIGN_IN_BURST = 50;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'parley_bench';
/** Search terms: a partial name (3+ characters, so the trigram index can serve it) and partial mobile digits. */
export const NAME_SEARCH = 'ani';
export const MOBILE_SEARCH = '12345';
const DEEP_PAGE = 1000;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The built client the bench measures and serves: dist/client (npm run bench builds it), or BENCH_CLIENT_DIR. */
export const CLIENT_DIR = process.env.BENCH_CLIENT_DIR ? path.resolve(process.env.BENCH_CLIENT_DIR) : path.join(root, 'dist/client');

export interface PlanResult {
  query: string;
  sql: string;
  plan: string;
  seqScan: boolean;
  indexes: string[];
  /** A prepared statement's generic plan (planned once per connection), not a plan made for each request. */
  generic: boolean;
}

export interface LoadRow {
  row: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratioToCeiling: number;
  non2xx: number;
  errors: number;
  /** A list endpoint (held to the p99 budget), not the ceiling or /api/user. */
  list: boolean;
}

export interface DriverResult {
  driver: 'pglite' | 'postgres';
  seedSeconds: number;
  plans: PlanResult[];
  rows: LoadRow[];
  rssIdleMb: number;
  rssAfterMb: number;
  uploads: UploadRow;
  analyses: AnalysisLoadRow;
  /** The same with the list read on 50 connections (the list rows' load): shown beside it. */
  analysesAtListLoad: AnalysisLoadRow;
}

const log = (text: string) => process.stdout.write(`${text}\n`);

/* Seeding. */

const FIRST_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan', 'Ananya', 'Diya', 'Saanvi',
  'Aadhya', 'Pari', 'Anika', 'Navya', 'Myra', 'Sara', 'Meera', 'Rahul', 'Priya', 'Kavya', 'Rohan', 'Sneha', 'Deepak', 'Lakshmi',
  'Farhan', 'Zoya', 'Imran', 'Fatima', 'Joseph', 'Mary', 'Thomas', 'Anjali', 'Suresh', 'Divya', 'Karthik', 'Nisha', 'Manoj',
];
const LAST_NAMES = [
  'Sharma', 'Verma', 'Iyer', 'Nair', 'Reddy', 'Patel', 'Shah', 'Gupta', 'Singh', 'Kumar', 'Das', 'Bose', 'Mukherjee', 'Menon',
  'Pillai', 'Rao', 'Naidu', 'Khan', 'Ahmed', 'Fernandes', "D'Souza", 'Joshi', 'Kulkarni', 'Deshpande', 'Chatterjee', 'Banerjee',
  'Mehta', 'Agarwal', 'Jain', 'Chopra', 'Malhotra', 'Kapoor', 'Bhat', 'Hegde', 'Shetty', 'Thomas', 'George', 'Varghese', 'Mathew',
  'Krishnan', 'Subramanian', 'Venkatesh', 'Chandra', 'Saxena', 'Tiwari', 'Mishra', 'Pandey', 'Yadav', 'Ghosh', 'Sen',
];

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

export async function seed(database: Database): Promise<number> {
  const started = Date.now();
  const db = database.db;
  await seedCourses(db);
  // One shared hash: 50,000 scrypt calls would take minutes and measure nothing.
  const passwordHash = await hashPassword(STUDENT_PASSWORD);
  await db.execute(sql`
    insert into users (username, password_hash, is_admin, created_at)
    select 'bench' || g, ${passwordHash}, false, now() - (${sql.raw(String(STUDENTS))} - g) * interval '600 seconds'
    from generate_series(1, ${sql.raw(String(STUDENTS))}) g`);
  await db.execute(
    sql.raw(`
    insert into students (user_id, student_name, course_id, mobile_number, status, created_at)
    select u.id,
           (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           c.ids[1 + g % array_length(c.ids, 1)],
           '+9190000' || lpad(g::text, 5, '0'),
           case when g % 10 = 0 then 'Deactivated' else 'Activated' end,
           u.created_at
    from generate_series(1, ${STUDENTS}) g
    join users u on u.username = 'bench' || g
    cross join (select array_agg(id order by id) as ids from courses) c`),
  );
  await db.execute(
    sql.raw(`
    insert into attempts (id, kind, student_id, session_data, assessable, overall, scores, analysis, duration_ms, completed_at, created_at)
    select gen_random_uuid(), a.kind, s.first_id + (g::bigint * 7919) % ${STUDENTS},
           jsonb_build_object('questions', jsonb_build_array(jsonb_build_object('question', 'Tell me about yourself.', 'answer', repeat('I work as an engineer and I like reading. ', 8)))),
           a.assessable,
           case when a.assessable then a.band end,
           case when a.assessable and a.kind = 'ielts' then jsonb_build_object('fluency', a.band, 'vocabulary', a.band - 0.5, 'grammar', a.band, 'pronunciation', a.band + 0.5)
                when a.assessable then jsonb_build_object('communication', a.band, 'confidence', a.band, 'relevance', a.band - 0.5, 'clarity', a.band + 0.5)
           end,
           null,
           600000 + (g % 600) * 1000,
           a.completed_at,
           a.completed_at
    from generate_series(1, ${ATTEMPTS}) g
    cross join (select min(id) as first_id from students) s
    cross join lateral (select case when g % 2 = 0 then 'ielts' else 'interview' end as kind,
                               g % 10 <> 0 as assessable,
                               4.5 + ((g * 31) % 9) * 0.5 as band,
                               now() - ((g::bigint * 104729) % (365 * 86400)) * interval '1 second' as completed_at) a`),
  );
  await db.execute(sql`vacuum analyze`);
  return (Date.now() - started) / 1000;
}

/* Plans. */

function schoolDateDaysAgo(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
}
const FILTER_DATE = schoolDateDaysAgo(30);

/** A query the endpoints run; `generic` (placeholder values) for the prepared page statements, EXPLAINed as PostgreSQL keeps them planned. */
interface ListQuery {
  name: string;
  query: Explainable;
  generic?: Record<string, unknown>;
}

/** Every query the list endpoints run, built by the same functions the endpoints call. */
function listQueries(db: Db): ListQuery[] {
  const range = schoolDayRange(FILTER_DATE, TIME_ZONE);
  const dateValues = { start: range.start.toISOString(), end: range.end.toISOString() };
  // A cursor in the middle of the data: where a later page starts.
  const cursorAt = new Date(Date.now() - 180 * 86_400_000).toISOString();
  const queries: ListQuery[] = [
    { name: 'students: first page', query: studentsFirstPagesQuery(db, { afterCursor: false, limit: STUDENTS_PAGE_SIZE }), generic: {} },
    {
      name: 'students: a later page (after its start)',
      query: studentsFirstPagesQuery(db, { afterCursor: true, limit: STUDENTS_PAGE_SIZE }),
      generic: { afterAt: cursorAt, afterId: Math.floor(STUDENTS / 2) },
    },
    { name: `students: start of page ${DEEP_PAGE} (counted once, then kept)`, query: studentCursorQuery(db, (DEEP_PAGE - 1) * STUDENTS_PAGE_SIZE) },
    { name: 'students: count', query: studentsCountQuery(db, '') },
    {
      name: `students: search name "${NAME_SEARCH}" (many matches: newest first)`,
      query: studentsSearchWalkQuery(db, { byMobile: false, limit: STUDENTS_PAGE_SIZE }),
      generic: { word0: NAME_SEARCH, word1: '', word2: '' },
    },
    { name: `students: search name "${NAME_SEARCH}", a later page`, query: studentsPageQuery(db, { page: 2, limit: STUDENTS_PAGE_SIZE, search: NAME_SEARCH }) },
    { name: `students: search name "${NAME_SEARCH}", count (many matches)`, query: studentsCountQuery(db, NAME_SEARCH) },
    {
      name: `students: search mobile "${MOBILE_SEARCH}", its matches (few: kept, then read by id)`,
      query: studentSearchIdsQuery(db, MOBILE_SEARCH, SEARCH_IDS_MAX + 1),
    },
    { name: 'students: a page read by id', query: studentsByIdsQuery(db), generic: { ids: '{1,2,3,4,5,6,7,8,9,10}' } },
  ];
  const shape = (withRange: boolean, afterCursor: boolean) => ({ withRange, afterCursor, limit: ATTEMPTS_PAGE_SIZE });
  for (const kind of ['ielts', 'interview'] as const) {
    const after = { afterAt: cursorAt, afterId: '00000000-0000-0000-0000-000000000000' };
    queries.push(
      { name: `${kind}: first page`, query: attemptsPageQuery(db, shape(false, false)), generic: { kind } },
      { name: `${kind}: count`, query: attemptsCountQuery(db, kind, null) },
      { name: `${kind}: date ${FILTER_DATE}`, query: attemptsPageQuery(db, shape(true, false)), generic: { kind, ...dateValues } },
      { name: `${kind}: date ${FILTER_DATE}, count`, query: attemptsCountQuery(db, kind, range) },
      { name: `${kind}: a later page (after its start)`, query: attemptsPageQuery(db, shape(false, true)), generic: { kind, ...after } },
      { name: `${kind}: a later page of a date`, query: attemptsPageQuery(db, shape(true, true)), generic: { kind, ...dateValues, ...after } },
      { name: `${kind}: start of page ${DEEP_PAGE} (counted once, then kept)`, query: attemptCursorQuery(db, kind, null, (DEEP_PAGE - 1) * ATTEMPTS_PAGE_SIZE) },
    );
  }
  return queries;
}

const dialect = new PgDialect();
/** A raw SQL query as EXPLAIN and the report take it. */
const explainable = (query: SQL): Explainable => ({ getSQL: () => query, toSQL: () => dialect.sqlToQuery(query) });

/** The class view's queries (GET /api/admin/class?courseId=…) for the IELTS course (a third of the students, as seeded). */
async function classViewQueries(db: Db): Promise<ListQuery[]> {
  const { rows } = (await db.execute(sql`select id from courses where course_name = ${COURSE_IELTS}`)) as unknown as { rows: Array<{ id: number }> };
  const course = Number(rows[0]?.id);
  const now = new Date();
  const since = inactiveSince(now);
  return [
    { name: 'class view: courses with their students', query: explainable(coursesQuery()) },
    { name: 'class view: band distribution', query: explainable(distributionQuery(course)) },
    { name: 'class view: not practised for 14 days, count', query: explainable(inactiveCountQuery(course, since)) },
    { name: 'class view: not practised for 14 days, first rows', query: explainable(inactiveListQuery(course, since)) },
    { name: 'class view: awaiting review, oldest first', query: explainable(awaitingListQuery(course)) },
    { name: 'class view: awaiting review, count (up to 1,000)', query: explainable(awaitingCountQuery(course)) },
    { name: 'class view: awaiting review in every course', query: explainable(awaitingListQuery(null)) },
  ];
}

/**
 * Reported, not failed:
 * - short search terms (under 3 characters) give no trigrams: PostgreSQL may then read the whole table;
 * - the class view's weekly averages read every attempt of the course's kind in 12 weeks with its
 *   scores (about a tenth of the seeded attempts): a scan of attempts in one pass is PostgreSQL's
 *   cheaper choice there, and the figure sits in the read cache (its row's p99 is the budget).
 */
async function informationalQueries(db: Db): Promise<ListQuery[]> {
  const { rows } = (await db.execute(sql`select id from courses where course_name = ${COURSE_IELTS}`)) as unknown as { rows: Array<{ id: number }> };
  const weeks = schoolWeeks(new Date(), TIME_ZONE).map((week) => week.at);
  return [
    { name: 'students: search name "an" (2 characters; informational)', query: studentsPageQuery(db, { page: 1, limit: STUDENTS_PAGE_SIZE, search: 'an' }) },
    { name: 'class view: weekly criterion averages (12 weeks; informational)', query: explainable(weeklyQuery(Number(rows[0]?.id), 'ielts', weeks)) },
  ];
}

async function explain(db: Db, { query, generic }: ListQuery): Promise<string> {
  const rows = generic ? await explainGeneric(db, query, generic) : await explainCustom(db, query);
  return rows.map((row) => String(row['QUERY PLAN'] ?? Object.values(row)[0])).join('\n');
}

const SEQ_SCAN = /Seq Scan on (students|attempts)\b/;

async function explainAll(db: Db): Promise<{ plans: PlanResult[]; informational: PlanResult[] }> {
  const run = async (entry: ListQuery): Promise<PlanResult> => {
    const { name, query } = entry;
    const plan = await explain(db, entry);
    const indexes = [...new Set([...plan.matchAll(/(?:Index Scan|Index Only Scan)(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2] ?? ''))];
    return { query: name, sql: query.toSQL().sql, plan, seqScan: SEQ_SCAN.test(plan), indexes, generic: entry.generic !== undefined };
  };
  const plans: PlanResult[] = [];
  for (const entry of [...listQueries(db), ...(await classViewQueries(db))]) plans.push(await run(entry));
  const informational: PlanResult[] = [];
  for (const entry of await informationalQueries(db)) informational.push(await run(entry));
  return { plans, informational };
}

/* The server under load. */

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string; stop: () => Promise<void> }> {
  const main = path.join(root, 'dist/node/server/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const port = await freePort();
  // BENCH_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const child = spawn(process.execPath, [...profile, main], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', PARLEY_BENCH_CEILING: '1', PARLEY_CLIENT_DIR: CLIENT_DIR, ADMIN_PASSWORD, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    base,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function signIn(base: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${username} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error('signing in set no cookie');
  return cookie;
}

async function load(url: string, cookie: string | null, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: cookie ? { cookie } : {} });
}

/** The class view's path for the IELTS course (budget CLASS_VIEW_P99_BUDGET_MS, bench/check.ts). */
async function classViewPath(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/class`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET /api/admin/class answered ${response.status}: ${await response.text()}`);
  const { courses } = (await response.json()) as { courses: Array<{ id: number; courseName: string }> };
  const course = courses.find((candidate) => candidate.courseName === COURSE_IELTS);
  if (!course) throw new Error(`no ${COURSE_IELTS} course to show the class view of`);
  return `/api/admin/class?courseId=${course.id}`;
}

function loadRows(classPath: string): Array<{ row: string; path: string; list: boolean }> {
  const rows = [
    // No cookie: with one, every request would look its session up first.
    { row: 'ceiling (bare route, no cookie)', path: '/api/bench/ceiling', list: false },
    { row: 'GET /api/user', path: '/api/user', list: false },
    { row: 'students: first page', path: '/api/admin/students', list: true },
    { row: `students: search "${NAME_SEARCH}"`, path: `/api/admin/students?search=${NAME_SEARCH}`, list: true },
    { row: `students: search "${MOBILE_SEARCH}"`, path: `/api/admin/students?search=${MOBILE_SEARCH}`, list: true },
  ];
  for (const [kind, listPath] of [
    ['IELTS', '/api/admin/test-attempts'],
    ['interview', '/api/admin/interview-attempts'],
  ] as const) {
    rows.push(
      { row: `${kind} attempts: first page`, path: listPath, list: true },
      { row: `${kind} attempts: date ${FILTER_DATE}`, path: `${listPath}?date=${FILTER_DATE}`, list: true },
      { row: `${kind} attempts: page ${DEEP_PAGE}`, path: `${listPath}?page=${DEEP_PAGE}`, list: true },
    );
  }
  // Not a list (its own budget, CLASS_VIEW_P99_BUDGET_MS): bench/check.ts finds it by its path.
  rows.push({ row: `class view: ${COURSE_IELTS} course`, path: classPath, list: false });
  return rows;
}

async function measure(
  base: string,
  pid: number,
  uploaders: Uploader[],
): Promise<{ rows: LoadRow[]; rssIdleMb: number; rssAfterMb: number; uploads: UploadRow; analyses: AnalysisLoadRow; analysesAtListLoad: AnalysisLoadRow }> {
  const cookie = await signIn(base);
  const classPath = await classViewPath(base, cookie);
  // Each endpoint must answer 200 before it is measured: a 4xx would be fast and meaningless.
  for (const { path: urlPath } of loadRows(classPath)) {
    const response = await fetch(`${base}${urlPath}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}: ${await response.text()}`);
  }
  const rssIdleMb = rssMb(pid);
  const rows: LoadRow[] = [];
  let ceiling = 0;
  for (const spec of loadRows(classPath)) {
    const sent = rows.length === 0 ? null : cookie;
    await load(`${base}${spec.path}`, sent, WARMUP_S);
    const result = await load(`${base}${spec.path}`, sent, DURATION_S);
    const requestsPerSecond = result.requests.average;
    if (rows.length === 0) ceiling = requestsPerSecond;
    const row: LoadRow = {
      row: spec.row,
      path: spec.path,
      requestsPerSecond,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      ratioToCeiling: ceiling > 0 ? requestsPerSecond / ceiling : 0,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      list: spec.list,
    };
    log(`  ${row.row}: ${Math.round(row.requestsPerSecond)} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms${row.non2xx || row.errors ? ` (${row.non2xx} non-2xx, ${row.errors} errors)` : ''}`);
    rows.push(row);
  }
  const rssAfterMb = rssMb(pid);
  const uploads = await measureUploads(base, cookie, pid, uploaders, DURATION_S);
  log(
    `  students list (${LIST_CONNECTIONS} connections) while ${UPLOADERS} recordings of ${UPLOAD_BYTES / 1e6} MB upload at once: p99 ${uploads.duringP99Ms} ms (alone ${uploads.baselineP99Ms} ms); uploads took ${uploads.uploadSeconds.toFixed(1)} s; RSS ${uploads.rssBeforeMb.toFixed(0)} -> peak ${uploads.rssPeakMb.toFixed(0)} MB (the first burst: +${uploads.firstBurstGrowthMb.toFixed(0)} MB)${uploads.failures.length ? `; FAILURES: ${uploads.failures.join('; ')}` : ''}`,
  );
  // Two rounds of four recordings (other students' each): the list on a few connections, then on the list rows' 50.
  const analyses = await measureListDuringAnalyses(base, cookie, uploaders, DURATION_S, ANALYSIS_LIST_CONNECTIONS);
  const analysesAtListLoad = await measureListDuringAnalyses(base, cookie, uploaders.slice(0, -CONCURRENT_ANALYSES), DURATION_S, CONNECTIONS);
  for (const a of [analyses, analysesAtListLoad]) {
    log(
      `  students list (${a.connections} connections) while ${CONCURRENT_ANALYSES} 12-minute recordings are analysed: p99 ${a.duringP99Ms} ms (just before ${a.baselineP99Ms} ms), ${a.unfinishedAtWindowEnd} unfinished when the ${a.windowSeconds} s window closed; all done in ${a.allDoneSeconds.toFixed(0)} s${a.failures.length ? `; FAILURES: ${a.failures.join('; ')}` : ''}`,
    );
  }
  rows.push(await saveAttemptRow(base, uploaders, ceiling), await signInBurstRow(base, ceiling));
  // autocannon leaves its last requests unanswered: let the server finish them before it is stopped.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return { rows, rssIdleMb, rssAfterMb, uploads, analyses, analysesAtListLoad };
}

/**
 * POST /api/test-sessions as students (SAVING_STUDENTS of them in turn): each request a new attempt id (a repeated id is an
 * idempotent retry and would store nothing), with about 60 words of answers scored by the server.
 */
async function saveAttemptRow(base: string, students: Uploader[], ceiling: number): Promise<LoadRow> {
  // A student may add 30 new attempts a day (newAttemptsPerStudent): the row makes fewer than that per student (the rows
  // before saved a few already), counted in requests rather than seconds, so that it measures saves and not refusals.
  const perStudent = DEFAULT_RATE_LIMITS.newAttemptsPerStudent.max - 8;
  let next = 0;
  const request = () => {
    const student = students[next % students.length];
    next += 1;
    if (!student) throw new Error('no students to save attempts for');
    return { cookie: student.cookie, body: JSON.stringify(testSessionBody(student.studentId, { attemptId: randomUUID() })) };
  };
  const first = request();
  const firstResponse = await fetch(`${base}/api/test-sessions`, { method: 'POST', headers: { cookie: first.cookie, 'content-type': 'application/json' }, body: first.body });
  if (firstResponse.status !== 201) throw new Error(`POST /api/test-sessions answered ${firstResponse.status}: ${await firstResponse.text()}`);
  const run = (amount: number) =>
    autocannon({
      url: `${base}/api/test-sessions`,
      connections: CONNECTIONS,
      amount,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/api/test-sessions',
          setupRequest: (sent) => {
            const { cookie, body } = request();
            return { ...sent, method: 'POST', headers: { ...sent.headers, cookie }, body };
          },
        },
      ],
    });
  const warmup = students.length;
  await run(warmup);
  const result = await run(students.length * perStudent - warmup - 1);
  const row: LoadRow = {
    row: 'POST /api/test-sessions (a new attempt each)',
    path: '/api/test-sessions',
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ratioToCeiling: ceiling > 0 ? result.requests.average / ceiling : 0,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    list: false,
  };
  log(`  ${row.row}: ${Math.round(row.requestsPerSecond)} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms${row.non2xx || row.errors ? ` (${row.non2xx} non-2xx, ${row.errors} errors)` : ''}`);
  return row;
}

/**
 * Sign-in cost through the server: SIGN_IN_BURST students sign in at once, each with their own
 * account (the per-account and per-client limits stay on). Sign-ins per second = the burst / its time.
 */
async function signInBurstRow(base: string, ceiling: number): Promise<LoadRow> {
  const started = performance.now();
  const latencies = await Promise.all(
    Array.from({ length: SIGN_IN_BURST }, async (_, i) => {
      const at = performance.now();
      // Every tenth seeded student is deactivated (and cannot sign in): bench1..9, 11..19, ...
      await signIn(base, `bench${i + 1 + Math.floor(i / 9)}`, STUDENT_PASSWORD);
      return performance.now() - at;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const row: LoadRow = {
    row: `POST /api/login (${SIGN_IN_BURST} accounts at once)`,
    path: '/api/login',
    requestsPerSecond: SIGN_IN_BURST / seconds,
    p50Ms: pick(0.5),
    p99Ms: pick(0.99),
    ratioToCeiling: ceiling > 0 ? SIGN_IN_BURST / seconds / ceiling : 0,
    non2xx: 0,
    errors: 0,
    list: false,
  };
  log(`  ${row.row}: ${row.requestsPerSecond.toFixed(1)} sign-ins/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`);
  return row;
}

/** The password hash alone (scrypt, src/server/lib/passwords.ts): one verification at a time, in this process. */
export async function passwordCost(): Promise<{ verifyMsMedian: number; verifyMsP90: number; samples: number }> {
  const stored = await hashPassword(STUDENT_PASSWORD);
  const times: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const at = performance.now();
    if (!(await verifyPassword(STUDENT_PASSWORD, stored))) throw new Error('verifyPassword refused the right password');
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  return { verifyMsMedian: times[10] ?? 0, verifyMsP90: times[18] ?? 0, samples: times.length };
}

/* Drivers. */

async function postgresServerUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch (error) {
    if (process.env.BENCH_DATABASE_URL) throw new Error(`BENCH_DATABASE_URL does not answer: ${String(error)}`);
    log(`PostgreSQL: ${DEFAULT_PG_URL} does not answer (set BENCH_DATABASE_URL); measuring PGlite only.`);
    return null;
  }
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function seedAndExplain(database: Database, driver: string) {
  log(`${driver}: seeding ${STUDENTS.toLocaleString('en')} students and ${ATTEMPTS.toLocaleString('en')} attempts…`);
  const seedSeconds = await seed(database);
  log(`${driver}: seeded in ${seedSeconds.toFixed(1)} s; EXPLAIN of each list query:`);
  const { plans, informational } = await explainAll(database.db);
  for (const plan of [...plans, ...informational]) {
    log(`\n-- ${driver} / ${plan.query}${plan.seqScan ? '   <-- SEQUENTIAL SCAN' : ''}\n${plan.plan}`);
  }
  const uploaders = await prepareUploaders(database);
  return { seedSeconds, plans, informational, uploaders };
}

async function benchPglite(): Promise<DriverResult & { informational: PlanResult[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    let explained;
    try {
      explained = await seedAndExplain(database, 'PGlite');
    } finally {
      // The server locks DATA_DIR and opens it itself.
      await database.close();
    }
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      log('PGlite: load (autocannon, 50 connections):');
      const measured = await measure(server.base, server.child.pid ?? 0, explained.uploaders);
      return { driver: 'pglite', ...explained, ...measured };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(serverUrl: string): Promise<DriverResult & { informational: PlanResult[] }> {
  await adminQuery(serverUrl, `drop database if exists ${BENCH_DB} with (force)`);
  await adminQuery(serverUrl, `create database ${BENCH_DB}`);
  const url = withDatabase(serverUrl, BENCH_DB);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  try {
    const database = await openDatabase({ kind: 'postgres', url });
    let explained;
    try {
      explained = await seedAndExplain(database, 'PostgreSQL');
    } finally {
      await database.close();
    }
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
    try {
      log('PostgreSQL: load (autocannon, 50 connections):');
      const measured = await measure(server.base, server.child.pid ?? 0, explained.uploaders);
      return { driver: 'postgres', ...explained, ...measured };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    // BENCH_KEEP_DB=1 leaves the seeded database for a closer look (EXPLAIN ANALYZE by hand).
    if (!process.env.BENCH_KEEP_DB) await adminQuery(serverUrl, `drop database if exists ${BENCH_DB} with (force)`).catch(() => {});
  }
}

export interface ListBenchResult {
  drivers: Array<DriverResult & { informational: PlanResult[] }>;
  seqScans: string[];
  markdown: string[];
  password: Awaited<ReturnType<typeof passwordCost>>;
}

const DRIVER_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

export async function runListBench(): Promise<ListBenchResult> {
  const password = await passwordCost();
  log(`Password hash: one verification ${password.verifyMsMedian.toFixed(1)} ms (median of ${password.samples})`);
  const drivers: ListBenchResult['drivers'] = [];
  // BENCH_DRIVERS=postgres (or pglite) measures one driver only, for a quicker look; a full run measures both.
  const wanted = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((d) => d.trim());
  if (wanted.includes('pglite')) drivers.push(await benchPglite());
  const pgUrl = wanted.includes('postgres') ? await postgresServerUrl() : null;
  if (pgUrl) drivers.push(await benchPostgres(pgUrl));

  const seqScans = drivers.flatMap((d) => d.plans.filter((p) => p.seqScan).map((p) => `${DRIVER_NAMES[d.driver]}: ${p.query}`));
  const ms = (value: number) => `${value} ms`;
  const markdown: string[] = [
    `## API under load (${STUDENTS.toLocaleString('en')} students, ${ATTEMPTS.toLocaleString('en')} attempts; autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per row)`,
    '',
    `The login row is ${SIGN_IN_BURST} sign-ins sent at once, each by its own account: req/s is sign-ins per second, p50/p99 their latencies.`,
    '',
    '| driver | row | req/s | p50 | p99 | ratio to ceiling |',
    '|---|---|---:|---:|---:|---:|',
    ...drivers.flatMap((d) =>
      d.rows.map(
        (r) =>
          `| ${DRIVER_NAMES[d.driver]} | ${r.row}${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${r.ratioToCeiling.toFixed(2)} |`,
      ),
    ),
    '',
    `Password hash (scrypt N=2^15, r=8, p=1): one verification takes ${password.verifyMsMedian.toFixed(1)} ms (median of ${password.samples}, p90 ${password.verifyMsP90.toFixed(1)} ms) in the bench process; every sign-in pays it once.`,
    '',
    '| driver | seeding | server RSS idle | server RSS after the list load |',
    '|---|---:|---:|---:|',
    ...drivers.map((d) => `| ${DRIVER_NAMES[d.driver]} | ${d.seedSeconds.toFixed(1)} s | ${d.rssIdleMb.toFixed(0)} MB | ${d.rssAfterMb.toFixed(0)} MB |`),
    '',
    `### Recordings arriving while teachers read (${UPLOADERS} students upload ${UPLOAD_BYTES / 1e6} MB each at once; the students list read on ${LIST_CONNECTIONS} connections meanwhile)`,
    '',
    '| driver | list p99 alone | list p99 during the uploads | list requests during them | uploads confirmed | all uploads took | server RSS before | RSS peak (growth) | growth in the first burst (not budgeted) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...drivers.map(
      ({ driver, uploads: u }) =>
        `| ${DRIVER_NAMES[driver]} | ${ms(u.baselineP99Ms)} | ${ms(u.duringP99Ms)} | ${u.duringRequests} | ${u.uploadsOk} of ${UPLOADERS} | ${u.uploadSeconds.toFixed(1)} s | ${u.rssBeforeMb.toFixed(0)} MB | ${u.rssPeakMb.toFixed(0)} MB (+${(u.rssPeakMb - u.rssBeforeMb).toFixed(0)} MB) | +${u.firstBurstGrowthMb.toFixed(0)} MB |`,
    ),
    ...drivers.flatMap(({ driver, uploads: u }) => u.failures.map((f) => `- ${DRIVER_NAMES[driver]}: ${f}`)),
    '',
    `### Recordings analysed while teachers read (${CONCURRENT_ANALYSES} speaking tests of 12 minutes uploaded at once; the server analyses one at a time in its analysis thread, under SCHED_IDLE; the students list read meanwhile, p99 from every response's own time)`,
    '',
    '| driver | list connections | list p99 just before | list p99 during the analyses | list requests during them | window | analyses unfinished at its end | all four done after | ended |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...drivers.flatMap(({ driver, analyses, analysesAtListLoad }) =>
      [analyses, analysesAtListLoad].map(
        (a) =>
          `| ${DRIVER_NAMES[driver]} | ${a.connections} | ${ms(a.baselineP99Ms)} | ${ms(a.duringP99Ms)} | ${a.duringRequests} | ${a.windowSeconds} s | ${a.unfinishedAtWindowEnd} | ${a.allDoneSeconds.toFixed(0)} s | ${a.statuses.join(', ')} |`,
      ),
    ),
    ...drivers.flatMap(({ driver, analyses, analysesAtListLoad }) => [...analyses.failures, ...analysesAtListLoad.failures].map((f) => `- ${DRIVER_NAMES[driver]}: ${f}`)),
    '',
    '### Query plans (EXPLAIN of the SQL the endpoints run)',
    '',
    'Planned "once": a prepared statement, shown as its generic plan (made without the values, kept per connection). "Each time": planned for its values on every request.',
    '',
    '| driver | query | planned | indexes used | sequential scan of students/attempts |',
    '|---|---|---|---|---|',
    ...drivers.flatMap((d) =>
      [...d.plans, ...d.informational].map(
        (p) => `| ${DRIVER_NAMES[d.driver]} | ${p.query} | ${p.generic ? 'once' : 'each time'} | ${p.indexes.join(', ') || '(none)'} | ${p.seqScan ? '**yes**' : 'no'} |`,
      ),
    ),
    '',
    ...drivers.flatMap((d) => [
      `<details><summary>${DRIVER_NAMES[d.driver]} plans</summary>`,
      '',
      ...[...d.plans, ...d.informational].flatMap((p) => [`**${p.query}**`, '', '```', p.sql, '', p.plan, '```', '']),
      '</details>',
      '',
    ]),
  ];
  return { drivers, seqScans, markdown, password };
}
