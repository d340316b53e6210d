import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CRITERIA_OF,
  IELTS_CRITERIA,
  ieltsAnalysis,
  interviewAnalysis,
  teacherOverall,
  type AttemptDetail,
  type AttemptKind,
  type AttemptListRow,
  type Bands,
  type IeltsAnalysis,
  type IeltsAnswer,
  type InterviewAnalysis,
  type InterviewAnswer,
  type ReviewBody,
  type ReviewSaved,
} from '../../shared/api/admin-attempts.js';
import { CUE_CARDS } from '../../shared/speaking-test/questions.js';
import type { Db } from '../db/open.js';
import { attempts, courses, students, users } from '../db/schema.js';
import { badRequest } from '../lib/http-errors.js';
import { totalsCache } from '../lib/totals-cache.js';
import { recordingInfo, recordingUrl } from './service.js';

/** A [start, end) range of completion times; null for every date. */
export type CompletedRange = { start: Date; end: Date } | null;

const listColumns = {
  id: attempts.id,
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
  completedAt: attempts.completedAt,
};

/** kind = ? [and completed_at in [start, end)]: the leading columns of attempts_kind_completed_idx. */
function listFilter(kind: AttemptKind, range: CompletedRange): SQL | undefined {
  return and(
    eq(attempts.kind, kind),
    range ? gte(attempts.completedAt, range.start) : undefined,
    range ? lt(attempts.completedAt, range.end) : undefined,
  );
}

/**
 * The list query, newest first (completed_at desc, then id). "nulls last" matches the index
 * attempts_kind_completed_idx (kind, completed_at desc nulls last, id): a plain "desc" means nulls
 * first to PostgreSQL, which then cannot use the index's order and sorts every attempt of the kind
 * (completed_at is never null, but the planner does not use that). With it, the first page is read
 * from the index and the planner stops after it. Exported so a test and the benchmark can EXPLAIN it;
 * the list endpoint runs the same SQL as a prepared statement (preparedPage).
 */
export function attemptsListQuery(db: Db, kind: AttemptKind, range: CompletedRange, page: { limit: number; offset: number } | null) {
  // Ties on completed_at (the same millisecond) by id ascending: the index's own order, so a deep page
  // is read straight from the index with no sort (with id desc, PostgreSQL re-sorted each run of equal
  // times for every skipped entry: 2.2 ms instead of 1 ms at page 1000 of 100,000).
  const newestFirst = [sql`${attempts.completedAt} desc nulls last`, asc(attempts.id)];
  const select = () =>
    db
      .select(listColumns)
      .from(attempts)
      .innerJoin(students, eq(students.id, attempts.studentId))
      .innerJoin(courses, eq(courses.id, students.courseId));
  if (!page) return select().where(listFilter(kind, range)).orderBy(...newestFirst);
  // A deferred join: the page's ids come from the index alone (kind, completed_at and id are all in
  // attempts_kind_completed_idx: an index-only scan), and only those rows are joined. Joined first, a
  // deep page (page 1000 skips 9,990 attempts) would fetch and join every attempt it skips.
  const pageIds = db
    .select({ id: attempts.id })
    .from(attempts)
    .where(listFilter(kind, range))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return select().where(inArray(attempts.id, pageIds)).orderBy(...newestFirst);
}

/** attemptsListQuery's page with placeholders, as a named prepared statement (one per shape: with or without a date). */
function preparePage(db: Db, withRange: boolean) {
  const newestFirst = [sql`${attempts.completedAt} desc nulls last`, asc(attempts.id)];
  const filter = and(
    eq(attempts.kind, sql.placeholder('kind')),
    withRange ? gte(attempts.completedAt, sql.placeholder('start')) : undefined,
    withRange ? lt(attempts.completedAt, sql.placeholder('end')) : undefined,
  );
  const pageIds = db
    .select({ id: attempts.id })
    .from(attempts)
    .where(filter)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return db
    .select(listColumns)
    .from(attempts)
    .innerJoin(students, eq(students.id, attempts.studentId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .where(inArray(attempts.id, pageIds))
    .orderBy(...newestFirst)
    .prepare(withRange ? 'parley_attempts_page_on_date' : 'parley_attempts_page');
}

const preparedPages = new WeakMap<Db, { all: ReturnType<typeof preparePage>; onDate: ReturnType<typeof preparePage> }>();

/** One page of a list: built once per database handle, planned once per connection by PostgreSQL (for the same plan as attemptsListQuery). */
function preparedPage(db: Db, kind: AttemptKind, range: CompletedRange, page: { limit: number; offset: number }) {
  let prepared = preparedPages.get(db);
  if (!prepared) {
    prepared = { all: preparePage(db, false), onDate: preparePage(db, true) };
    preparedPages.set(db, prepared);
  }
  return range
    ? prepared.onDate.execute({ kind, start: range.start.toISOString(), end: range.end.toISOString(), ...page })
    : prepared.all.execute({ kind, ...page });
}

/** Every attempt has a student (the foreign key cascades), so the count needs no join. Exported for the benchmark's EXPLAIN. */
export function attemptsCountQuery(db: Db, kind: AttemptKind, range: CompletedRange) {
  return db.select({ total: count() }).from(attempts).where(listFilter(kind, range));
}

type ListRecord = Awaited<ReturnType<typeof attemptsListQuery>>[number];

function toListRow(row: ListRecord): AttemptListRow {
  return {
    id: row.id,
    studentName: row.studentName,
    course: row.course,
    mobileNumber: row.mobileNumber,
    status: row.status,
    assessable: row.assessable,
    scores: row.assessable ? asBands(row.scores) : null,
    overall: row.assessable ? row.overall : null,
    teacherScores: asBands(row.teacherScores),
    reviewed: row.reviewedAt !== null,
    createdAt: row.completedAt.toISOString(),
  };
}

function asBands(value: unknown): Bands | null {
  if (!value || typeof value !== 'object') return null;
  const bands: Bands = {};
  for (const [key, band] of Object.entries(value)) {
    if (typeof band === 'number' || band === null) bands[key as keyof Bands] = band;
  }
  return bands;
}

export async function listAttempts(
  db: Db,
  input: { kind: AttemptKind; range: CompletedRange; page: number; limit: number },
): Promise<{ attempts: AttemptListRow[]; total: number }> {
  const key = `attempts:${input.kind}:${input.range ? `${input.range.start.toISOString()}/${input.range.end.toISOString()}` : 'all'}`;
  const [rows, total] = await Promise.all([
    preparedPage(db, input.kind, input.range, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    // The exact count over ~100,000 index entries costs more than the page itself: reused for a few seconds (totals-cache.ts).
    totalsCache(db).get(key, async () => (await attemptsCountQuery(db, input.kind, input.range))[0]?.total ?? 0),
  ]);
  return { attempts: rows.map(toListRow), total };
}

export type ExportRow = AttemptListRow & { teacherComment: string | null };

/** Every attempt of a kind in the range, newest first, for the CSV export. */
export async function allAttempts(db: Db, kind: AttemptKind, range: CompletedRange): Promise<ExportRow[]> {
  return (await attemptsListQuery(db, kind, range, null)).map((row) => ({ ...toListRow(row), teacherComment: row.teacherComment }));
}

/* One attempt. */

// The saved payloads were validated when saved; read them leniently, so an older shape still shows.
const storedIeltsSession = z.object({
  demo: z.boolean().optional().catch(undefined),
  questionAnswerPairs: z
    .array(
      z.object({
        part: z.number().int(),
        questionNumber: z.number().int(),
        question: z.string(),
        answer: z.string(),
        responseTimeMs: z.number().nullable().optional(),
        speakingTimeMs: z.number().optional(),
      }),
    )
    .catch([]),
});

const storedInterviewSession = z.object({
  questions: z
    .array(
      z.object({
        questionId: z.number().int(),
        question: z.string(),
        category: z.string().nullable().optional(),
        answer: z.string(),
        timestamp: z.number().nullable().optional(),
      }),
    )
    .catch([]),
});

const storedSpeakingResult = z.object({
  assessable: z.boolean(),
  reason: z.string().optional(),
  criteria: z.record(z.string(), z.unknown()).optional(),
  metrics: z.unknown(),
  partNotes: z.unknown(),
});

function ieltsAnswers(sessionData: unknown): { demo: boolean; answers: IeltsAnswer[] } {
  const parsed = storedIeltsSession.safeParse(sessionData ?? {});
  if (!parsed.success) return { demo: false, answers: [] };
  return {
    demo: parsed.data.demo ?? false,
    answers: parsed.data.questionAnswerPairs.map((pair) => {
      const card = pair.part === 2 ? CUE_CARDS.find((cueCard) => cueCard.topic === pair.question.trim()) : undefined;
      return {
        part: pair.part,
        questionNumber: pair.questionNumber,
        question: pair.question,
        answer: pair.answer,
        cueCard: card ? { topic: card.topic, bullets: [...card.bullets] } : null,
        responseTimeMs: pair.responseTimeMs ?? null,
        speakingTimeMs: pair.speakingTimeMs ?? null,
      };
    }),
  };
}

function interviewAnswers(sessionData: unknown): InterviewAnswer[] {
  const parsed = storedInterviewSession.safeParse(sessionData ?? {});
  if (!parsed.success) return [];
  return parsed.data.questions.map((entry) => ({
    questionId: entry.questionId,
    question: entry.question,
    category: entry.category ?? null,
    answer: entry.answer,
    timestamp: entry.timestamp ?? null,
  }));
}

/** The stored SpeakingTestResult as the review page reads it (criteria as a list in the spec's order). */
export function readIeltsAnalysis(analysis: unknown): IeltsAnalysis | null {
  const stored = storedSpeakingResult.safeParse(analysis);
  if (!stored.success) return null;
  const { assessable, reason, criteria, metrics, partNotes } = stored.data;
  const parsed = ieltsAnalysis.safeParse({
    assessable,
    reason: reason ?? null,
    criteria: assessable && criteria ? IELTS_CRITERIA.map((criterion) => criteria[criterion]) : [],
    metrics,
    partNotes,
  });
  return parsed.success ? parsed.data : null;
}

export function readInterviewAnalysis(analysis: unknown): InterviewAnalysis | null {
  const parsed = interviewAnalysis.safeParse(analysis);
  return parsed.success ? parsed.data : null;
}

export async function attemptDetail(db: Db, attemptId: string): Promise<AttemptDetail | null> {
  const [row] = await db
    .select({ attempt: attempts, student: students, course: courses.courseName, reviewerUsername: users.username })
    .from(attempts)
    .innerJoin(students, eq(students.id, attempts.studentId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .leftJoin(users, eq(users.id, attempts.reviewedByUserId))
    .where(eq(attempts.id, attemptId));
  if (!row) return null;
  const { attempt, student } = row;
  const recording = await recordingInfo(db, attempt.id);
  const common = {
    id: attempt.id,
    student: { id: student.id, studentName: student.studentName, mobileNumber: student.mobileNumber, status: student.status },
    course: row.course,
    completedAt: attempt.completedAt.toISOString(),
    durationMs: attempt.durationMs,
    assessable: attempt.assessable,
    scores: attempt.assessable ? asBands(attempt.scores) : null,
    overall: attempt.assessable ? attempt.overall : null,
    teacherComment: attempt.teacherComment,
    teacherScores: asBands(attempt.teacherScores),
    reviewedAt: attempt.reviewedAt?.toISOString() ?? null,
    reviewerUsername: attempt.reviewedAt ? row.reviewerUsername : null,
    audioUrl: recording ? recordingUrl(attempt.id) : null,
  };
  if (attempt.kind === 'ielts') {
    const analysis = readIeltsAnalysis(attempt.analysis);
    return {
      ...common,
      kind: 'ielts',
      notAssessableReason: attempt.assessable ? null : (analysis?.reason ?? 'There was too little recognised speech for a band estimate.'),
      ...ieltsAnswers(attempt.sessionData),
      analysis,
    };
  }
  return {
    ...common,
    kind: 'interview',
    notAssessableReason: attempt.assessable ? null : 'There was too little recognised speech for an estimate.',
    answers: interviewAnswers(attempt.sessionData),
    analysis: readInterviewAnalysis(attempt.analysis),
  };
}

/* The teacher's review. */

/**
 * Stores the review, apart from the automatic estimate. Bands for criteria of the other kind are
 * refused; the overall is derived (teacherOverall). An empty comment with no band clears the
 * review: the attempt is no longer reviewed. Null when there is no such attempt.
 */
export async function saveReview(
  db: Db,
  input: { attemptId: string; body: ReviewBody; reviewer: { id: number; username: string | null }; now: Date },
): Promise<ReviewSaved | null> {
  const [attempt] = await db.select({ kind: attempts.kind }).from(attempts).where(eq(attempts.id, input.attemptId));
  if (!attempt) return null;
  const criteria = CRITERIA_OF[attempt.kind];
  const given = input.body.scores as Partial<Record<string, number | null>>;
  const foreign = Object.keys(given).find((key) => !criteria.includes(key as (typeof criteria)[number]));
  if (foreign) {
    const what = attempt.kind === 'ielts' ? 'an IELTS attempt' : 'an interview attempt';
    throw badRequest(`scores.${foreign}: is not a criterion of ${what} (${criteria.join(', ')})`);
  }
  const bands: Bands = Object.fromEntries(criteria.map((criterion) => [criterion, given[criterion] ?? null]));
  const comment = input.body.comment.trim();
  const empty = comment === '' && criteria.every((criterion) => bands[criterion] === null);
  const values = empty
    ? { teacherComment: null, teacherScores: null, reviewedAt: null, reviewedByUserId: null }
    : {
        teacherComment: comment === '' ? null : comment,
        teacherScores: { ...bands, overall: teacherOverall(attempt.kind, bands) },
        reviewedAt: input.now,
        reviewedByUserId: input.reviewer.id,
      };
  const [saved] = await db.update(attempts).set(values).where(eq(attempts.id, input.attemptId)).returning({ id: attempts.id });
  if (!saved) return null;
  return {
    reviewed: !empty,
    teacherComment: values.teacherComment,
    teacherScores: values.teacherScores,
    reviewedAt: values.reviewedAt?.toISOString() ?? null,
    reviewerUsername: empty ? null : input.reviewer.username,
  };
}
