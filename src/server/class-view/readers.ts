import type { SQL } from 'drizzle-orm';
import {
  kindOfCourse,
  type AwaitingAttempt,
  type BandDistribution,
  type ClassCourse,
  type InactiveStudents,
  type WeeklyAverages,
} from '../../shared/api/class-view.js';
import { CRITERIA_OF, CRITERION_LABELS, type AttemptKind } from '../../shared/api/admin-attempts.js';
import type { Db } from '../db/open.js';
import { nothingToScore, type ScoringMaterial } from '../attempts/nothing-to-score.js';
import { awaitingListQuery, distributionQuery, inactiveListQuery, weeklyQuery } from './queries.js';
import { mobileNumberDisplay } from '../lib/mobile-number-display.js';

/* Reading the class view's queries (queries.ts) into its figures. */

type Rows<T> = { rows: T[] };
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export interface CourseRow {
  id: number;
  courseName: string;
  isActive: boolean;
  students: number;
}
export const toCourse = (row: CourseRow): ClassCourse => ({
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
    weeks: weeks.map((week, i) => {
      const row = byWeek.get(i + 1);
      return { start: week.start, attempts: Number(row?.attempts ?? 0), banded: Number(row?.banded ?? 0) };
    }),
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
    mobileNumberDisplay: mobileNumberDisplay(row.mobileNumber),
    lastAttemptAt: iso(row.lastAttemptAt),
    latestAttemptId: row.latestAttemptId,
  }));
}

interface AwaitingRow extends ScoringMaterial {
  id: string;
  kind: AttemptKind;
  completedAt: Date | string;
  reviewed: boolean;
  studentId: number;
  studentName: string;
  courseName: string;
}

export async function readAwaiting(db: Db, courseId: number | null): Promise<AwaitingAttempt[]> {
  const rows = await rowsOf<AwaitingRow>(db, awaitingListQuery(courseId));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    completedAt: new Date(row.completedAt).toISOString(),
    reviewed: Boolean(row.reviewed),
    studentId: Number(row.studentId),
    studentName: row.studentName,
    courseName: row.courseName,
    // The attempts list's rule: no recording, no words and no band from a teacher (ask for a retake).
    nothingToScore: nothingToScore({
      assessable: Boolean(row.assessable),
      noTranscript: Boolean(row.noTranscript),
      noRecording: Boolean(row.noRecording),
      recordingStored: Boolean(row.recordingStored),
      teacherScores: row.teacherScores,
    }),
  }));
}

export async function readTotal(db: Db, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ total: number | string }>(db, query);
  return Number(row?.total ?? 0);
}
