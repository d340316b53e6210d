import { desc, eq, sql } from 'drizzle-orm';
import { CRITERIA_OF, teacherOverall, type Bands } from '../../shared/api/admin-attempts.js';
import { PROGRESS_LIMIT, type ProgressAttempt, type ProgressList } from '../../shared/api/progress.js';
import { SHORT_TEST_WORDS } from '../../shared/band-estimate/short-test.js';
import { scoredByEarlierRules } from '../../shared/band-estimate/earlier-rules.js';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { recordings } from '../db/schema-recordings.js';
import { asBands } from './admin-queries.js';
import { nothingToScore } from './nothing-to-score.js';
import { storedCriteria } from './stored-attempt.js';
import { workOnNextOf } from './work-on-next.js';

/**
 * A student's attempts of both kinds, newest first: attempts_student_completed_idx (student_id,
 * completed_at, id) read backwards; each with whether its recording is kept (the recordings' primary key).
 */
export function progressQuery(db: Db, studentId: number) {
  return db
    .select({
      id: attempts.id,
      kind: attempts.kind,
      completedAt: attempts.completedAt,
      assessable: attempts.assessable,
      scores: attempts.scores,
      overall: attempts.overall,
      releasedScores: attempts.releasedScores,
      releasedAt: attempts.releasedAt,
      /** The answers were not transcribed: the teacher gives the bands (as list-row.ts reads it). */
      noTranscript: attempts.noTranscript,
      /** The device's recorder gave no audio: with noTranscript, nothing to score (nothing-to-score.ts). */
      noRecording: attempts.noRecording,
      /** The stored working's criteria only (each with the band it started from): which rules made the estimate. */
      criteria: sql<unknown>`${attempts.analysis} -> 'criteria'`,
      /** The words the estimate counted (the stored working's metrics), to tell a short test. */
      wordCount: sql<unknown>`${attempts.analysis} -> 'metrics' -> 'wordCount'`,
      recordingOf: recordings.attemptId,
      recordingExpiredAt: recordings.expiredAt,
    })
    .from(attempts)
    .leftJoin(recordings, eq(recordings.attemptId, attempts.id))
    .where(eq(attempts.studentId, studentId))
    .orderBy(desc(attempts.completedAt), desc(attempts.id))
    .limit(PROGRESS_LIMIT);
}

const isBand = (value: number | null | undefined): value is number => typeof value === 'number';
/** A stored word count as the analysis writes it: a whole number of 0 or more (a damaged row's is not one). */
const isWordCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Whether stored criteria are section 9's fixed rules' working (earlier-rules.ts); anything unreadable is not. */
function earlierRules(criteria: unknown): boolean {
  return scoredByEarlierRules(storedCriteria(criteria).flatMap(({ criterion, base }) => (base === undefined ? [] : [{ criterion, base }])));
}

type ProgressRow = Awaited<ReturnType<typeof progressQuery>>[number];

/**
 * The student's result, from one source only: a released review's bands, with the overall worked out
 * from them (teacherOverall: the mean of the four, shown to the nearest half band), never filled in
 * from the estimate; without a released review that has bands, the estimate. A review released with
 * some bands only (before releasing needed them all) shows none where one is missing.
 */
export function toProgressAttempt(row: ProgressRow): ProgressAttempt {
  const estimate: Bands | null = row.assessable ? { ...asBands(row.scores), overall: row.overall } : null;
  const released = row.releasedAt ? asBands(row.releasedScores) : null;
  const teacher: Bands | null = released ? { ...released, overall: teacherOverall(row.kind, released) } : null;
  const source = teacher ?? estimate;
  const result: Bands = {};
  for (const key of [...CRITERIA_OF[row.kind], 'overall' as const]) {
    result[key] = source?.[key] ?? null;
  }
  const resultSource = teacher ? 'teacher' : isBand(estimate?.overall) ? 'estimate' : 'none';
  // Why there is no result, on the one rule the teacher's lists use (list-row.ts), from the bands the student sees.
  const { noTranscript, noRecording } = row;
  const nothing = nothingToScore({ assessable: row.assessable, noTranscript, noRecording, recordingStored: row.recordingOf !== null, teacherScores: released });
  return {
    id: row.id,
    kind: row.kind,
    completedAt: row.completedAt.toISOString(),
    assessable: row.assessable,
    estimate,
    teacher,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    result,
    resultSource,
    ...(row.kind === 'ielts' && estimate && earlierRules(row.criteria) ? { earlierRules: true as const } : {}),
    ...(row.kind === 'ielts' && estimate && !earlierRules(row.criteria) && isWordCount(row.wordCount) && row.wordCount < SHORT_TEST_WORDS ? { shortTestWords: row.wordCount } : {}),
    ...(nothing ? { nothingToScore: true as const } : noTranscript && !isBand(teacher?.overall) ? { awaitingTeacher: true as const } : {}),
    recording: row.recordingOf !== null && row.recordingExpiredAt === null,
  };
}

export async function studentProgress(db: Db, studentId: number): Promise<ProgressList> {
  const rows = await progressQuery(db, studentId);
  const sources = rows.map((row) => ({ attempt: toProgressAttempt(row), criteria: row.criteria }));
  return { attempts: sources.map(({ attempt }) => attempt), workOnNext: workOnNextOf(sources) };
}
