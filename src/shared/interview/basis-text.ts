/**
 * What the interview's scores rest on: under the four scores on the completed view, and above the
 * answers on the attempt pages (a module of its own, so that the review page's first visit, which
 * carries scoring-text.ts, does not carry it). No interviewer has rated interview answers (decision
 * 0072), so nothing checks the scores against an interviewer's judgement; they are counted from the
 * words, and the realistic interviews of
 * candidates.test.ts show what that cannot see: an answer that talks around every question at
 * length scores above short, precise answers, and general phrases score as a concrete example does.
 */
export const INTERVIEW_BASIS_TEXT =
  'No interviewer has checked these scores. They are counted from the words of the answers, so they cannot tell whether an answer really answered its question. ' +
  'A long answer that does not answer the question directly can score higher than a short, exact one, and general phrases can score as well as a real example. Read each answer next to its question.';
