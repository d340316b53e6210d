import { AWAITING_COUNT_CAP, type AwaitingAttempt, type AwaitingReview, type BandDistribution, type ClassCourse, type ClassView, type WeeklyAverages } from '../../shared/api/class-view.js';
import type { Db } from '../db/open.js';
import type { ReadCache, ReadCaches } from '../lib/read-cache.js';
import { awaitingCountQuery, coursesQuery, inactiveCountQuery, inactiveSince, schoolWeeks } from './queries.js';
import { readAwaiting, readDistribution, readInactive, readTotal, readWeekly, rowsOf, toCourse, type CourseRow } from './readers.js';

/*
 * The class view put together (issue 16, point 3). The figures that read many rows (the distribution,
 * the weekly averages, the totals; 5 to 70 ms on 50,000 students and 200,000 attempts) are kept in read
 * caches, cleared by every write as the list totals are (decision 0011), and read again in the
 * background a few seconds later (keptFigures); the two lists are read on every request.
 */

/** The figures that read many rows, kept for a few seconds per course (cleared by any write). */
interface CourseFigures {
  distribution: BandDistribution;
  weekly: WeeklyAverages;
  inactiveTotal: number;
  awaitingTotal: number;
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
  awaitingTotals: KeptCache<number>;
}

export function classViewCaches(caches: ReadCaches): ClassViewCaches {
  const kept = <V>(maxEntries: number): KeptCache<V> => ({ cache: caches.create<V>({ maxEntries }), last: new Map() });
  return { courseFigures: kept(1000), courseLists: kept(1), awaitingTotals: kept(1) };
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
  const awaitingList = readAwaiting(db, courseId);
  const at = now.toISOString();
  if (courseId === null) {
    const [attempts, total] = await Promise.all([awaitingList, keptFigures(caches.awaitingTotals, 'all', () => readTotal(db, awaitingCountQuery(null)))]);
    return { courses, course: null, distribution: null, weekly: null, inactive: null, awaiting: awaitingOf(attempts, total), at };
  }
  const course = courses.find((candidate) => candidate.id === courseId);
  if (!course) {
    await awaitingList.catch(() => undefined);
    return null;
  }
  const since = inactiveSince(now);
  const figures = keptFigures(caches.courseFigures, String(courseId), async () => {
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
