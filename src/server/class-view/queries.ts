import { sql, type SQL } from 'drizzle-orm';
import { AWAITING_COUNT_CAP, CLASS_LIST_LIMIT, CLASS_WEEKS, INACTIVE_DAYS } from '../../shared/api/class-view.js';
import { CRITERIA_OF, type AttemptKind } from '../../shared/api/admin-attempts.js';
import { schoolDate, startOfSchoolDay } from '../lib/school-day.js';

/*
 * The class view's queries. Every query is served by an index (EXPLAINed in
 * routes.test.ts and by the bench): students_class_idx (course_id, status, last_attempt_at, id,
 * latest_overall) answers the distribution, the inactive students and the course sizes from the index
 * alone; the weekly averages read the course's attempts of its kind in the 12 weeks;
 * attempts_awaiting_review_idx gives the attempts never released, oldest first. readers.ts reads them;
 * read-class-view.ts keeps the figures that read many rows and puts the view together.
 */

const DAY_MS = 24 * 3600_000;

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

/**
 * Per school week (1 = the oldest of `weekStarts`): the attempts of the kind by the course's activated students, how many of
 * them have a band (the averages' attempts: a test too short for one counts only in `attempts`), and each criterion's mean.
 */
export function weeklyQuery(courseId: number, kind: AttemptKind, weekStarts: Date[]): SQL {
  const criteria = CRITERIA_OF[kind];
  const first = weekStarts[0];
  const firstCriterion = criteria[0];
  if (!first || !firstCriterion) throw new Error('no weeks');
  const averages = sql.join(
    criteria.map((criterion) => sql`avg(${criterionValue(criterion)}) as ${sql.identifier(criterion)}`),
    sql`, `,
  );
  return sql`
    select width_bucket(a.completed_at, array[${sql.join(weekStarts.map(timestamp), sql`, `)}]) as week,
           count(*)::int as attempts, count(${criterionValue(firstCriterion)})::int as banded, ${averages}
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
           s.id as "studentId", s.student_name as "studentName", c.course_name as "courseName",
           a.assessable, a.no_transcript as "noTranscript", a.no_recording as "noRecording", a.teacher_scores as "teacherScores",
           -- A recording stored though the device said it made none; looked up (on its primary key) only then.
           case when a.no_recording then exists (select 1 from recordings r where r.attempt_id = a.id) else false end as "recordingStored"
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
