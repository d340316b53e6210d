import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AttemptDetail } from '../../shared/api/admin-attempts.js';
import { nothingToScoreText, studentNothingToScoreText } from '../../shared/api/no-result-texts.js';
import type { Db } from '../db/open.js';
import { attempts, courses, reviewEvents, students, users } from '../db/schema.js';
import { mobileNumberDisplay } from '../lib/mobile-number-display.js';
import { recordingAnalysisView } from '../analysis/view.js';
import { recordingInfo, recordingUrl } from '../recordings/service.js';
import { teacherName } from '../../shared/api/teachers-limits.js';
import { asBands } from './admin-queries.js';
import { nothingToScore } from './nothing-to-score.js';
import { releasedOf, releasePending, reviewTrail } from './review.js';
import { ieltsAnswers, interviewAnswers, readIeltsAnalysis, readInterviewAnalysis } from './stored-attempt.js';

/** The session's flags: answers taken without recognition, and the device's recorder gave no audio. */
function sessionFlags(sessionData: unknown): { noTranscript: boolean; noRecording: boolean } {
  if (!sessionData || typeof sessionData !== 'object') return { noTranscript: false, noRecording: false };
  const flags = sessionData as { noTranscript?: unknown; noRecording?: unknown };
  return { noTranscript: flags.noTranscript === true, noRecording: flags.noRecording === true };
}

/**
 * One attempt with everything behind its scores. For the teacher: the working review, what was
 * released and the trail. With `forStudent`: only that student's attempt (null for anyone else's),
 * and the review as released (the working copy and the trail stay with the teachers), naming the
 * teacher by display name only: a sign-in name is half of what a stranger needs to sign in.
 */
export async function attemptDetail(db: Db, attemptId: string, options: { forStudent?: number } = {}): Promise<AttemptDetail | null> {
  const releaser = alias(users, 'releaser');
  const [row] = await db
    .select({
      attempt: attempts,
      student: students,
      course: courses.courseName,
      reviewerUsername: users.username,
      reviewerDisplayName: users.displayName,
      reviewerEmail: users.email,
      releaserUsername: releaser.username,
      releaserDisplayName: releaser.displayName,
      releaserEmail: releaser.email,
      // The review's version (review-version.ts), read in the same statement as the review itself so
      // that the two always match: a save between two reads would pair old text with a new version.
      reviewVersion: sql<number | null>`(select max(${reviewEvents.id}) from ${reviewEvents} where ${reviewEvents.attemptId} = ${attempts.id})`,
    })
    .from(attempts)
    .innerJoin(students, eq(students.id, attempts.studentId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .leftJoin(users, eq(users.id, attempts.reviewedByUserId))
    .leftJoin(releaser, eq(releaser.id, attempts.releasedByUserId))
    .where(and(eq(attempts.id, attemptId), options.forStudent === undefined ? undefined : eq(attempts.studentId, options.forStudent)));
  if (!row) return null;
  const { attempt, student } = row;
  const forStudent = options.forStudent !== undefined;
  const recording = await recordingInfo(db, attempt.id);
  const released = releasedOf(attempt, { username: row.releaserUsername, displayName: row.releaserDisplayName, email: row.releaserEmail });
  // The student sees the display name only: an e-mail address is a teacher's sign-in name (decision 0029).
  const release = forStudent && released ? { ...released, releasedByUsername: null, releasedByName: row.releaserDisplayName, ...(await amendment(db, attempt.id)) } : released;
  const review = forStudent
    ? {
        teacherComment: release?.comment ?? null,
        teacherScores: release?.scores ?? null,
        reviewedAt: release?.releasedAt ?? null,
        reviewerUsername: null,
        reviewerName: null,
        releasePending: false,
        trail: [],
        reviewVersion: 0,
      }
    : {
        teacherComment: attempt.teacherComment,
        teacherScores: asBands(attempt.teacherScores),
        reviewedAt: attempt.reviewedAt?.toISOString() ?? null,
        reviewerUsername: attempt.reviewedAt ? row.reviewerUsername : null,
        reviewerName: attempt.reviewedAt ? teacherName({ displayName: row.reviewerDisplayName, email: row.reviewerEmail, username: row.reviewerUsername }) : null,
        releasePending: releasePending(attempt),
        trail: await reviewTrail(db, attempt.id),
        reviewVersion: Number(row.reviewVersion ?? 0),
      };
  const flags = sessionFlags(attempt.sessionData);
  const nothing = nothingToScore({
    assessable: attempt.assessable,
    ...flags,
    recordingStored: recording !== null,
    // The bands this reader sees: a student's, those released.
    teacherScores: review.teacherScores,
  });
  // As the lists say it (list-row.ts), from the bands this reader sees.
  const awaitingTeacher = !nothing && flags.noTranscript && typeof review.teacherScores?.overall !== 'number';
  // Each reader is told why in their own words: the teacher to ask for a retake, the student to retake.
  const nothingText = forStudent ? studentNothingToScoreText : nothingToScoreText;
  const common = {
    id: attempt.id,
    student: {
      id: student.id,
      studentName: student.studentName,
      mobileNumber: student.mobileNumber,
      mobileNumberDisplay: mobileNumberDisplay(student.mobileNumber),
      status: student.status,
    },
    course: row.course,
    completedAt: attempt.completedAt.toISOString(),
    durationMs: attempt.durationMs,
    assessable: attempt.assessable,
    nothingToScore: nothing,
    awaitingTeacher,
    noTranscript: flags.noTranscript,
    noRecording: flags.noRecording && recording === null,
    scores: attempt.assessable ? asBands(attempt.scores) : null,
    overall: attempt.assessable ? attempt.overall : null,
    ...review,
    release,
    audioUrl: recording && !recording.expiredAt ? recordingUrl(attempt.id) : null,
    recordingExpiredAt: recording?.expiredAt?.toISOString() ?? null,
    recordingAnalysis: await recordingAnalysisView(db, attempt.id),
  };
  if (attempt.kind === 'ielts') {
    const analysis = readIeltsAnalysis(attempt.analysis);
    return {
      ...common,
      kind: 'ielts',
      notAssessableReason: attempt.assessable
        ? null
        : nothing
          ? nothingText('test')
          : (analysis?.reason ?? 'There was too little recognised speech for a band estimate.'),
      ...ieltsAnswers(attempt.sessionData),
      analysis,
    };
  }
  const interviewReport = readInterviewAnalysis(attempt.analysis);
  return {
    ...common,
    kind: 'interview',
    notAssessableReason: attempt.assessable
      ? null
      : nothing
        ? nothingText('interview')
        : (interviewReport?.reason ?? 'There was too little recognised speech for an estimate.'),
    answers: interviewAnswers(attempt.sessionData),
    analysis: interviewReport,
  };
}

/**
 * A review released more than once, for its student: when it was first released and the bands the
 * release before the last gave (the last release's "from"), so that bands changed after the student
 * read them are said to have changed. Nothing for a review released once.
 */
async function amendment(db: Db, attemptId: string): Promise<{ amended?: { firstReleasedAt: string; earlierScores: Record<string, number | null> | null } }> {
  const releases = await db
    .select({ at: reviewEvents.at, from: reviewEvents.fromReview })
    .from(reviewEvents)
    .where(and(eq(reviewEvents.attemptId, attemptId), eq(reviewEvents.action, 'released')))
    .orderBy(asc(reviewEvents.id));
  const [first] = releases;
  const last = releases.at(-1);
  if (!first || !last || releases.length < 2) return {};
  const from = last.from as { scores?: unknown } | null;
  return { amended: { firstReleasedAt: first.at.toISOString(), earlierScores: from?.scores ? asBands(from.scores) : null } };
}
