import {
  AWAITING_COUNT_CAP,
  type AwaitingAttempt,
  type AwaitingReview,
  type BandDistribution,
  type ClassCourse,
  type ClassView,
  type InactiveStudents,
  type WeeklyAverages,
} from '../../shared/api/class-view.js';
import type { Db } from '../db/open.js';
import type { ReadCache, ReadCaches } from '../db/read-cache.js';
import { awaitingCountQuery, coursesQuery, inactiveCountQuery, inactiveSince, schoolWeeks } from './queries.js';
import { readAwaiting, readDistribution, readInactive, readTotal, readWeekly, rowsOf, toCourse, type CourseRow } from './readers.js';

/*
 * The class view put together. What it shows of a course (the distribution, the
 * weekly averages and the totals, 5 to 70 ms on 50,000 students and 200,000 attempts, and the two
 * lists) is kept in read caches, cleared by every write as the list totals are (decision 0011), and
 * read again in the background a few seconds later (keptFigures). So a class of teachers opening the
 * view at once costs the database one read per course every few seconds, not two queries a request;
 * only the clock's own changes (a student crossing the 14-day line) show a few seconds late.
 */

/** A course's figures and lists, kept for a few seconds per course (cleared by any write). */
interface CourseFigures {
  distribution: BandDistribution;
  weekly: WeeklyAverages;
  inactiveTotal: number;
  awaitingTotal: number;
  /** The 14-day line the inactive students were read against. */
  since: Date;
  inactiveStudents: InactiveStudents['students'];
  awaitingAttempts: AwaitingAttempt[];
}

/** Every course's attempts awaiting review, kept as a course's figures are. */
interface AllAwaiting {
  attempts: AwaitingAttempt[];
  total: number;
}

/** The last value read per key, with the cache's generation when its read began. */
type LastRead = Map<string, { value: unknown; generation: number }>;

/** A read cache with the last value read per key (keptFigures). */
interface KeptCache<V> {
  cache: ReadCache<V>;
  last: LastRead;
}

/** The class view's read caches, made once per app (read-cache.ts): on its clock, cleared by every write. */
export interface ClassViewCaches {
  courseFigures: KeptCache<CourseFigures>;
  courseLists: KeptCache<ClassCourse[]>;
  allAwaiting: KeptCache<AllAwaiting>;
}

export function classViewCaches(caches: ReadCaches): ClassViewCaches {
  const kept = <V>(maxEntries: number): KeptCache<V> => ({ cache: caches.create<V>({ maxEntries }), last: new Map() });
  return { courseFigures: kept(1000), courseLists: kept(1), allAwaiting: kept(1) };
}

/**
 * The cached value; once its few seconds are over, the last value is answered while a new read
 * runs (one at a time), as long as nothing was written since that value was read: only the clock
 * has moved (a student crossing the 14-day line, a new week), which a few seconds later is shown.
 * After a write the request waits for the new figures, as with every read cache.
 */
async function keptFigures<V>({ cache, last }: KeptCache<V>, key: string, read: () => Promise<V>): Promise<V> {
  const fresh = cache.peek(key);
  if (fresh !== undefined) return fresh;
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

export async function readCourses(db: Db, caches: ClassViewCaches): Promise<ClassCourse[]> {
  return keptFigures(caches.courseLists, 'courses', async () => (await rowsOf<CourseRow>(db, coursesQuery())).map(toCourse));
}

/** The whole class view of one course (null when there is no such course), or the picker and every course's waiting attempts. */
export async function readClassView(
  db: Db,
  caches: ClassViewCaches,
  input: { courseId: number | null; now: Date; timeZone: string },
): Promise<ClassView | null> {
  const { courseId, now, timeZone } = input;
  const courses = await readCourses(db, caches);
  const at = now.toISOString();
  if (courseId === null) {
    const all = await keptFigures(caches.allAwaiting, 'all', async () => {
      const [attempts, total] = await Promise.all([readAwaiting(db, null), readTotal(db, awaitingCountQuery(null))]);
      return { attempts, total };
    });
    return { courses, course: null, distribution: null, weekly: null, inactive: null, awaiting: awaitingOf(all.attempts, Math.max(all.total, all.attempts.length)), at };
  }
  const course = courses.find((candidate) => candidate.id === courseId);
  if (!course) return null;
  const kept = await keptFigures(caches.courseFigures, String(courseId), async () => {
    const since = inactiveSince(now);
    const [distribution, weekly, inactiveTotal, awaitingTotal, inactiveStudents, awaitingAttempts] = await Promise.all([
      readDistribution(db, courseId),
      readWeekly(db, courseId, course.kind, schoolWeeks(now, timeZone)),
      readTotal(db, inactiveCountQuery(courseId, since)),
      readTotal(db, awaitingCountQuery(courseId)),
      readInactive(db, courseId, since),
      readAwaiting(db, courseId),
    ]);
    return { distribution, weekly, inactiveTotal, awaitingTotal, since, inactiveStudents, awaitingAttempts };
  });
  // The totals and the lists are read apart: a write between the two reads can leave a list one
  // longer than its total, which Math.max keeps from showing.
  return {
    courses,
    course,
    distribution: kept.distribution,
    weekly: kept.weekly,
    inactive: { since: kept.since.toISOString(), total: Math.max(kept.inactiveTotal, kept.inactiveStudents.length), students: kept.inactiveStudents },
    awaiting: awaitingOf(kept.awaitingAttempts, Math.max(kept.awaitingTotal, kept.awaitingAttempts.length)),
    at,
  };
}

function awaitingOf(attempts: AwaitingAttempt[], total: number): AwaitingReview {
  return { total, capped: total >= AWAITING_COUNT_CAP, attempts };
}
