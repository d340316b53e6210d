import { sql, type SQL } from 'drizzle-orm';
import {
  AWAITING_COUNT_CAP,
  CLASS_LIST_LIMIT,
  CLASS_WEEKS,
  INACTIVE_DAYS,
  kindOfCourse,
  type AwaitingAttempt,
  type AwaitingReview,
  type BandDistribution,
  type ClassCourse,
  type ClassView,
  type InactiveStudents,
  type WeeklyAverages,
} from '../../shared/api/class-view.js';
import { CRITERIA_OF, CRITERION_LABELS, type AttemptKind } from '../../shared/api/admin-attempts.js';
import type { Db } from '../db/open.js';
import { readCachePerDatabase, type ReadCache } from '../lib/read-cache.js';
import { schoolDate, startOfSchoolDay } from '../attempts/school-day.js';

/*
 * The class view's reads (issue 16, point 3). Every query is served by an index (EXPLAINed in
 * class-view.test.ts and by the bench): students_class_idx (course_id, status, last_attempt_at, id,
 * latest_overall) answers the distribution, the inactive students and the course sizes from the index
 * alone; the weekly averages read the course's attempts of its kind in the 12 weeks;
 * attempts_awaiting_review_idx gives the attempts never released, oldest first. The figures that read
 * many rows (the distribution, the weekly averages, the totals; 5 to 70 ms on 50,000 students and
 * 200,000 attempts) are kept in read caches, cleared by every write as the list totals are (decision
 * 0011), and read again in the background a few seconds later (keptFigures); the two lists are read
 * on every request.
 */

const DAY_MS = 24 * 3600_000;

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** The first instants of the CLASS_WEEKS school weeks (Monday first) up to the one holding `now`, oldest first, with their dates. */
export function schoolWeeks(now: Date, timeZone: string, weeks: number = CLASS_WEEKS): Array<{ start: string; at: Date }> {
  const today = schoolDate(now, timeZone);
  const todayUtc = Date.parse(`${today}T00:00:00Z`);
  const monday = todayUtc - ((new Date(todayUtc).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: weeks }, (_, i) => {
    const start = new Date(monday - (weeks - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10);
    return { start, at: startOfSchoolDay(start, timeZone) };
  });
}

/** Attempts completed before this instant count as "not practised for INACTIVE_DAYS days". */
export function inactiveSince(now: Date): Date {
  return new Date(now.getTime() - INACTIVE_DAYS * DAY_MS);
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/* The queries, as SQL the tests and the bench EXPLAIN. */

/** Every course with its activated students (counted from students_class_idx alone), by name. */
export function coursesQuery(): SQL {
  return sql`
    select c.id, c.course_name as "courseName", c.is_active as "isActive",
           (select count(*)::int from students s where s.course_id = c.id and s.status = 'Activated') as students
    from courses c
    order by lower(c.course_name), c.id`;
}

/** Activated students per half band of their latest overall; -2: never practised, -1: no band. */
export function distributionQuery(courseId: number): SQL {
  return sql`
    select case when last_attempt_at is null then -2::float8
                when latest_overall is null then -1::float8
                else floor(latest_overall * 2 + 0.5) / 2 end as band,
           count(*)::int as count
    from students
    where course_id = ${courseId} and status = 'Activated'
    group by 1
    order by 1`;
}

/** A criterion's band of an attempt: the released teacher band when there is one, else the estimate (assessable attempts only). */
function criterionValue(criterion: string): SQL {
  if (!/^[a-z]+$/.test(criterion)) throw new Error(`not a criterion: ${criterion}`);
  const key = sql.raw(`'${criterion}'`);
  return sql`case
      when a.released_at is not null and jsonb_typeof(a.released_scores -> ${key}) = 'number' then (a.released_scores ->> ${key})::float8
      when a.assessable and jsonb_typeof(a.scores -> ${key}) = 'number' then (a.scores ->> ${key})::float8
    end`;
}

/** Per school week (1 = the oldest of `weekStarts`): the attempts of the kind by the course's activated students, and each criterion's mean. */
export function weeklyQuery(courseId: number, kind: AttemptKind, weekStarts: Date[]): SQL {
  const criteria = CRITERIA_OF[kind];
  const first = weekStarts[0];
  if (!first) throw new Error('no weeks');
  const averages = sql.join(
    criteria.map((criterion) => sql`avg(${criterionValue(criterion)}) as ${sql.identifier(criterion)}`),
    sql`, `,
  );
  return sql`
    select width_bucket(a.completed_at, array[${sql.join(weekStarts.map(timestamp), sql`, `)}]) as week,
           count(*)::int as attempts, ${averages}
    from students s
    join attempts a on a.student_id = s.id and a.kind = ${kind} and a.completed_at >= ${timestamp(first)}
    where s.course_id = ${courseId} and s.status = 'Activated'
    group by 1
    order by 1`;
}

const inactiveWhere = (courseId: number) => sql`course_id = ${courseId} and status = 'Activated'`;

export function inactiveCountQuery(courseId: number, since: Date): SQL {
  return sql`
    select count(*)::int as total from students
    where ${inactiveWhere(courseId)} and (last_attempt_at is null or last_attempt_at < ${timestamp(since)})`;
}

/** The first `limit` activated students with no attempt since `since`: never practised first (by id), then the longest without practice. */
export function inactiveListQuery(courseId: number, since: Date, limit: number = CLASS_LIST_LIMIT): SQL {
  const columns = sql`id, student_name as "studentName", mobile_number as "mobileNumber", last_attempt_at as "lastAttemptAt", latest_attempt_id as "latestAttemptId"`;
  return sql`
    select * from (
      (select 0 as part, ${columns} from students
       where ${inactiveWhere(courseId)} and last_attempt_at is null
       order by id limit ${limit})
      union all
      (select 1 as part, ${columns} from students
       where ${inactiveWhere(courseId)} and last_attempt_at < ${timestamp(since)}
       order by last_attempt_at, id limit ${limit})
    ) inactive
    order by part, "lastAttemptAt", id
    limit ${limit}`;
}

/** Completed attempts never released to the student, oldest first (of one course's students, or of everyone). */
export function awaitingListQuery(courseId: number | null, limit: number = CLASS_LIST_LIMIT): SQL {
  return sql`
    select a.id, a.kind, a.completed_at as "completedAt", a.reviewed_at is not null as reviewed,
           s.id as "studentId", s.student_name as "studentName", c.course_name as "courseName"
    from attempts a
    join students s on s.id = a.student_id
    join courses c on c.id = s.course_id
    where a.released_at is null${courseId === null ? sql`` : sql` and s.course_id = ${courseId}`}
    order by a.completed_at, a.id
    limit ${limit}`;
}

/** How many attempts await review, counted up to AWAITING_COUNT_CAP (the walk stops there). */
export function awaitingCountQuery(courseId: number | null, cap: number = AWAITING_COUNT_CAP): SQL {
  if (courseId === null) {
    return sql`select count(*)::int as total from (select 1 from attempts a where a.released_at is null order by a.completed_at, a.id limit ${cap}) waiting`;
  }
  // Walked in the index's order, oldest first, as the list is: without an order the planner may read
  // every waiting attempt (a hash join) when most of them wait.
  return sql`
    select count(*)::int as total from (
      select 1 from attempts a join students s on s.id = a.student_id
      where a.released_at is null and s.course_id = ${courseId}
      order by a.completed_at, a.id
      limit ${cap}) waiting`;
}

/* Reading them. */

interface CourseRow {
  id: number;
  courseName: string;
  isActive: boolean;
  students: number;
}
const toCourse = (row: CourseRow): ClassCourse => ({
  id: Number(row.id),
  courseName: row.courseName,
  isActive: Boolean(row.isActive),
  kind: kindOfCourse(row.courseName),
  students: Number(row.students),
});

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export async function readDistribution(db: Db, courseId: number): Promise<BandDistribution> {
  const rows = await rowsOf<{ band: number | string; count: number | string }>(db, distributionQuery(courseId));
  const result: BandDistribution = { bands: [], noBand: 0, neverPractised: 0, total: 0 };
  for (const row of rows) {
    const band = Number(row.band);
    const count = Number(row.count);
    result.total += count;
    if (band === -2) result.neverPractised = count;
    else if (band === -1) result.noBand = count;
    else result.bands.push({ band, count });
  }
  return result;
}

export async function readWeekly(db: Db, courseId: number, kind: AttemptKind, weeks: Array<{ start: string; at: Date }>): Promise<WeeklyAverages> {
  const rows = await rowsOf<Record<string, number | string | null>>(db, weeklyQuery(courseId, kind, weeks.map((week) => week.at)));
  const byWeek = new Map(rows.map((row) => [Number(row.week), row]));
  const criteria = CRITERIA_OF[kind];
  return {
    weeks: weeks.map((week, i) => ({ start: week.start, attempts: Number(byWeek.get(i + 1)?.attempts ?? 0) })),
    criteria: criteria.map((criterion) => ({
      criterion,
      label: CRITERION_LABELS[criterion],
      averages: weeks.map((_, i) => {
        const value = byWeek.get(i + 1)?.[criterion];
        return value === null || value === undefined ? null : Number(value);
      }),
    })),
  };
}

export async function readInactive(db: Db, courseId: number, since: Date): Promise<InactiveStudents['students']> {
  const rows = await rowsOf<{ id: number; studentName: string; mobileNumber: string; lastAttemptAt: Date | string | null; latestAttemptId: string | null }>(
    db,
    inactiveListQuery(courseId, since),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    studentName: row.studentName,
    mobileNumber: row.mobileNumber,
    lastAttemptAt: iso(row.lastAttemptAt),
    latestAttemptId: row.latestAttemptId,
  }));
}

export async function readAwaiting(db: Db, courseId: number | null): Promise<AwaitingAttempt[]> {
  const rows = await rowsOf<{ id: string; kind: AttemptKind; completedAt: Date | string; reviewed: boolean; studentId: number; studentName: string; courseName: string }>(
    db,
    awaitingListQuery(courseId),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    completedAt: new Date(row.completedAt).toISOString(),
    reviewed: Boolean(row.reviewed),
    studentId: Number(row.studentId),
    studentName: row.studentName,
    courseName: row.courseName,
  }));
}

async function readTotal(db: Db, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ total: number | string }>(db, query);
  return Number(row?.total ?? 0);
}

/** The figures that read many rows, kept for a few seconds per course (cleared by any write). */
interface CourseFigures {
  distribution: BandDistribution;
  weekly: WeeklyAverages;
  inactiveTotal: number;
  awaitingTotal: number;
}
const courseFigures = readCachePerDatabase<CourseFigures>({ maxEntries: 1000 });
const courseLists = readCachePerDatabase<ClassCourse[]>({ maxEntries: 1 });
const awaitingTotals = readCachePerDatabase<number>({ maxEntries: 1 });

/** The last value read per cache and key, with the cache's generation when its read began. */
const lastRead = new WeakMap<ReadCache<unknown>, Map<string, { value: unknown; generation: number }>>();

/**
 * The cached value; once its few seconds are over, the last value is answered while a new read
 * runs (one at a time), as long as nothing was written since that value was read: only the clock
 * has moved (a student crossing the 14-day line, a new week), which a few seconds later is shown.
 * After a write the request waits for the new figures, as with every read cache.
 */
async function keptFigures<V>(cache: ReadCache<V>, key: string, read: () => Promise<V>): Promise<V> {
  const fresh = cache.peek(key);
  if (fresh !== undefined) return fresh;
  let last = lastRead.get(cache as ReadCache<unknown>);
  if (!last) {
    last = new Map();
    lastRead.set(cache as ReadCache<unknown>, last);
  }
  const known = last.get(key);
  const generation = cache.generation;
  const reading = cache.get(key, read).then((value) => {
    last.set(key, { value, generation });
    return value;
  });
  if (known && known.generation === generation) {
    reading.catch(() => undefined);
    return known.value as V;
  }
  return reading;
}

export async function readCourses(db: Db): Promise<ClassCourse[]> {
  return keptFigures(courseLists(db), 'courses', async () => (await rowsOf<CourseRow>(db, coursesQuery())).map(toCourse));
}

/** The whole class view of one course (null when there is no such course), or the picker and every course's waiting attempts. */
export async function readClassView(db: Db, input: { courseId: number | null; now: Date; timeZone: string }): Promise<ClassView | null> {
  const { courseId, now, timeZone } = input;
  const courses = await readCourses(db);
  const awaitingList = readAwaiting(db, courseId);
  const at = now.toISOString();
  if (courseId === null) {
    const [attempts, total] = await Promise.all([awaitingList, keptFigures(awaitingTotals(db), 'all', () => readTotal(db, awaitingCountQuery(null)))]);
    return { courses, course: null, distribution: null, weekly: null, inactive: null, awaiting: awaitingOf(attempts, total), at };
  }
  const course = courses.find((candidate) => candidate.id === courseId);
  if (!course) {
    await awaitingList.catch(() => undefined);
    return null;
  }
  const since = inactiveSince(now);
  const figures = keptFigures(courseFigures(db), String(courseId), async () => {
    const [distribution, weekly, inactiveTotal, awaitingTotal] = await Promise.all([
      readDistribution(db, courseId),
      readWeekly(db, courseId, course.kind, schoolWeeks(now, timeZone)),
      readTotal(db, inactiveCountQuery(courseId, since)),
      readTotal(db, awaitingCountQuery(courseId)),
    ]);
    return { distribution, weekly, inactiveTotal, awaitingTotal };
  });
  const [kept, inactiveStudents, attempts] = await Promise.all([figures, readInactive(db, courseId, since), awaitingList]);
  return {
    courses,
    course,
    distribution: kept.distribution,
    weekly: kept.weekly,
    inactive: { since: since.toISOString(), total: Math.max(kept.inactiveTotal, inactiveStudents.length), students: inactiveStudents },
    awaiting: awaitingOf(attempts, Math.max(kept.awaitingTotal, attempts.length)),
    at,
  };
}

function awaitingOf(attempts: AwaitingAttempt[], total: number): AwaitingReview {
  return { total, capped: total >= AWAITING_COUNT_CAP, attempts };
}
