import type { AttemptKind } from './admin-attempts-kinds.js';

/*
 * Why an attempt has no score, in the teacher's words and in the student's: one place for both, so
 * the student's pages (My progress, the attempt page) never show the teacher's sentence, and both
 * readers are told the same reason. Zod-free: the student's pages import it (decision 0023).
 */

/** Why an attempt has no result: the teacher will score it (not transcribed), nothing to score, or too little speech. */
export type NoResultReason = 'awaitingTeacher' | 'nothingToScore' | 'tooLittleSpeech';

/** What the student would retake: a test, an interview. */
export type RetakeWhat = 'test' | 'interview';

export const RETAKE_WHAT: Record<AttemptKind, RetakeWhat> = { ielts: 'test', interview: 'interview' };

/** The teacher's short label for such an attempt: the attempts list's pill, the review's badge, the class view's awaiting list. */
export const NOTHING_TO_SCORE_LABEL = 'Nothing to score: ask for a retake';

/** Why an attempt without a transcript or a recording has no score, on the teacher's page: `what` the student is to retake. */
export function nothingToScoreText(what: RetakeWhat): string {
  return `There is nothing to score: the answers were not transcribed and the student's device made no recording. Ask the student to retake the ${what}, in Chrome on a computer or an Android phone if they can.`;
}

/** The same, on the student's own attempt page. */
export function studentNothingToScoreText(what: RetakeWhat): string {
  return `There is nothing to score: your answers were not transcribed and your device made no recording. Retake the ${what}, in Chrome on a computer or an Android phone if you can.`;
}

/** On the student's attempt page, while the teacher has not released their bands for answers that were not transcribed. */
export function studentAwaitingTeacherText(what: RetakeWhat): string {
  return `Your answers were not transcribed, so there is no automatic estimate: your teacher will score this ${what}.`;
}

/** The short reason beside "Overall band: —" on My progress. */
export function noResultShortText(reason: NoResultReason, what: RetakeWhat): string {
  switch (reason) {
    case 'awaitingTeacher':
      return `your teacher will score this ${what}`;
    case 'nothingToScore':
      return `nothing to score: retake the ${what}, in Chrome on a computer or an Android phone if you can`;
    case 'tooLittleSpeech':
      return 'too little speech to assess';
  }
}

/** The reason from the flags the server sends (nothingToScore and awaitingTeacher are never both true). */
export function noResultReason(flags: { nothingToScore?: boolean; awaitingTeacher?: boolean }): NoResultReason {
  if (flags.nothingToScore) return 'nothingToScore';
  return flags.awaitingTeacher ? 'awaitingTeacher' : 'tooLittleSpeech';
}
