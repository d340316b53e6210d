import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AttemptListRow, Bands } from '../../shared/api/admin-attempts.js';
import { CRITERION_LABELS } from '../../shared/api/admin-attempts-kinds.js';
import { TEACHER_BAND_MAX, TEACHER_BAND_MIN } from '../../shared/api/admin-attempts-limits.js';
import { teacherName } from '../../shared/api/teachers-limits.js';
import type { Db } from '../db/open.js';
import { attempts, courses, students, users } from '../db/schema.js';
import { recordings } from '../db/schema-recordings.js';
import { mobileNumberDisplay } from '../lib/mobile-number-display.js';
import { nothingToScore } from './nothing-to-score.js';
import { releasePending } from './review.js';

/* A row of the teacher's attempts lists and of their CSV export: its columns, its joins and its shape (the pages: admin-queries.ts). */

/** The teacher who last saved the review and the one who released it: the lists name both. */
const reviewer = alias(users, 'reviewer');
const releaser = alias(users, 'releaser');

const listColumns = {
  id: attempts.id,
  kind: attempts.kind,
  studentName: students.studentName,
  course: courses.courseName,
  mobileNumber: students.mobileNumber,
  status: students.status,
  assessable: attempts.assessable,
  scores: attempts.scores,
  overall: attempts.overall,
  teacherScores: attempts.teacherScores,
  teacherComment: attempts.teacherComment,
  reviewedAt: attempts.reviewedAt,
  releasedComment: attempts.releasedComment,
  releasedScores: attempts.releasedScores,
  releasedAt: attempts.releasedAt,
  // Flat, not nested: drizzle reads a nested object of an aliased left join as null.
  reviewerDisplayName: reviewer.displayName,
  reviewerEmail: reviewer.email,
  reviewerUsername: reviewer.username,
  releaserDisplayName: releaser.displayName,
  releaserEmail: releaser.email,
  releaserUsername: releaser.username,
  completedAt: attempts.completedAt,
  /** The answers were not transcribed: the teacher gives the bands. */
  noTranscript: attempts.noTranscript,
  /** The device's recorder gave no audio: with noTranscript, nothing to score (nothing-to-score.ts). */
  noRecording: attempts.noRecording,
  /** A recording is stored; looked up (on its primary key) only where the device said it made none. */
  recordingStored: sql<boolean>`case when ${attempts.noRecording}
    then exists (select 1 from ${recordings} where ${recordings.attemptId} = ${attempts.id}) else false end`,
  /** completed_at as PostgreSQL writes it, to the microsecond: where the next page starts. */
  cursorAt: sql<string>`${attempts.completedAt}::text`,
};

/** The list's rows with their student, course and the two teachers (each on its primary key), not yet filtered or ordered. */
export function selectListRows(db: Db) {
  return db
    .select(listColumns)
    .from(attempts)
    .innerJoin(students, eq(students.id, attempts.studentId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .leftJoin(reviewer, eq(reviewer.id, attempts.reviewedByUserId))
    .leftJoin(releaser, eq(releaser.id, attempts.releasedByUserId));
}

type ListRecord = Awaited<ReturnType<typeof selectListRows>>[number];

export function asBands(value: unknown): Bands | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const bands: Bands = {};
  for (const [key, band] of Object.entries(value)) {
    // Only the criteria and the overall, each a number on the widest scale given (a teacher's 0-9) or null: a damaged row gives
    // no stray keys, and no figure a mean over several attempts could overflow.
    if (!isBandKey(key)) continue;
    if ((typeof band === 'number' && band >= TEACHER_BAND_MIN && band <= TEACHER_BAND_MAX) || band === null) bands[key] = band;
  }
  return bands;
}

function isBandKey(key: string): key is keyof Bands {
  return key === 'overall' || Object.hasOwn(CRITERION_LABELS, key);
}

/** A row as the export writes it: the number as stored, not formatted for display. */
export type StoredListRow = Omit<AttemptListRow, 'mobileNumberDisplay'>;

/** Where the review stands, as the list's Review column says it. */
function reviewStateOf(row: ListRecord): AttemptListRow['reviewState'] {
  if (row.releasedAt) return releasePending(row) ? 'changed' : 'released';
  return row.reviewedAt ? 'draft' : 'none';
}

export function toStoredListRow(row: ListRecord): StoredListRow {
  const teacherScores = asBands(row.teacherScores);
  const { assessable, noTranscript, noRecording, recordingStored } = row;
  const nothing = nothingToScore({ assessable, noTranscript, noRecording, recordingStored, teacherScores });
  return {
    id: row.id,
    studentName: row.studentName,
    course: row.course,
    mobileNumber: row.mobileNumber,
    status: row.status,
    assessable: row.assessable,
    scores: row.assessable ? asBands(row.scores) : null,
    overall: row.assessable ? row.overall : null,
    teacherScores,
    reviewed: row.reviewedAt !== null,
    reviewState: reviewStateOf(row),
    releasedScores: row.releasedAt ? asBands(row.releasedScores) : null,
    reviewerName: row.reviewedAt ? teacherName({ displayName: row.reviewerDisplayName, email: row.reviewerEmail, username: row.reviewerUsername }) : null,
    releasedByName: row.releasedAt ? teacherName({ displayName: row.releaserDisplayName, email: row.releaserEmail, username: row.releaserUsername }) : null,
    ...(nothing
      ? { nothingToScore: true as const }
      : row.noTranscript && typeof teacherScores?.overall !== 'number'
        ? { awaitingTeacher: true as const }
        : {}),
    createdAt: row.completedAt.toISOString(),
  };
}

export function toListRow(row: ListRecord): AttemptListRow {
  return { ...toStoredListRow(row), mobileNumberDisplay: mobileNumberDisplay(row.mobileNumber) };
}
