import type { AttemptDetail } from '../api/admin-attempts-detail.js';
import { CRITERION_LABELS, IELTS_CRITERIA, type IeltsCriterion } from '../api/admin-attempts-kinds.js';
import type { ReleasedReview } from '../api/admin-attempts-review.js';
import { transcriptBand, transcriptDateTime, transcriptDocumentText, type TranscriptEstimate } from './transcript.js';

/*
 * The transcript of a speaking test saved earlier, downloaded from its attempt's page (the student's
 * or the teacher's): the results' Download Transcript file, written from what was saved, with the
 * teacher's review as released when there is one.
 */

type SavedTest = Extract<AttemptDetail, { kind: 'ielts' }>;

/** The estimate as saved: its bands with each criterion's advice, or the reason the attempt has none. */
function savedEstimate(detail: SavedTest): TranscriptEstimate {
  const { analysis, scores } = detail;
  if (!detail.assessable || detail.overall === null || !analysis || !scores)
    return { assessable: false, reason: detail.notAssessableReason ?? analysis?.reason ?? 'No estimate was made for this test.' };
  const advice = (criterion: IeltsCriterion) => analysis.criteria.find((item) => item.criterion === criterion)?.advice ?? '—';
  const band = (key: IeltsCriterion) => scores[key] ?? null;
  return {
    assessable: true,
    bands: { overall: detail.overall, fluency: band('fluency'), vocabulary: band('vocabulary'), grammar: band('grammar'), pronunciation: band('pronunciation') },
    advice: { fluency: advice('fluency'), vocabulary: advice('vocabulary'), grammar: advice('grammar'), pronunciation: advice('pronunciation') },
    partNotes: analysis.partNotes,
  };
}

/** The review as the student reads it: when it was released and by whom, the bands given and the comment. */
export function releasedReviewLines(release: ReleasedReview | null, timeZone: string): string[] {
  if (!release) return ["Teacher's review: not released yet."];
  const by = release.releasedByName ? ` by ${release.releasedByName}` : '';
  const lines = [`Teacher's review, released ${transcriptDateTime(new Date(release.releasedAt), timeZone)}${by}:`];
  const scores = release.scores;
  if (scores && IELTS_CRITERIA.some((criterion) => typeof scores[criterion] === 'number'))
    lines.push(
      `Overall band ${transcriptBand(scores.overall)}: ${IELTS_CRITERIA.map((criterion) => `${CRITERION_LABELS[criterion]} ${transcriptBand(scores[criterion])}`).join(', ')}`,
    );
  if (release.comment) lines.push(`Comment: ${release.comment.replace(/\s+/gu, ' ').trim()}`);
  return lines;
}

export function savedTranscriptText(detail: SavedTest, timeZone: string): string {
  const cueCard = detail.answers.find((answer) => answer.part === 2)?.cueCard ?? undefined;
  return transcriptDocumentText({
    studentName: detail.student.studentName,
    completedAt: new Date(detail.completedAt),
    timeZone,
    durationSeconds: detail.durationMs / 1000,
    estimate: savedEstimate(detail),
    review: releasedReviewLines(detail.release, timeZone),
    answers: detail.answers,
    cueCard,
    nonAnswers: detail.analysis?.nonAnswers ?? [],
    noTranscript: detail.noTranscript,
  });
}
