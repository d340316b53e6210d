/*
 * How well the estimate agrees with human raters, as `npm run validity` measured it (cross-validated
 * Spearman rho on the development set's 716 rated learners, whole interviews without filled
 * pauses; docs/validity.md). The validity check fails when these drift from what it measures.
 */
export const AGREEMENT_RHO = 0.85;
export const AGREEMENT_RHO_FIRST_250_WORDS = 0.74;
export const AGREEMENT_LEARNERS = 716;

/** What the results (the student) and the attempt's page (the teacher) say of the estimate. */
export function agreementText(reader: 'student' | 'teacher'): string {
  const who = reader === 'student' ? 'your teacher listens to your recording' : 'you give it from the recording';
  return (
    `An estimate, not an official IELTS score. Fluency, vocabulary and grammar come from the transcript; ` +
    `on ${AGREEMENT_LEARNERS} learners rated by trained examiners they rank speakers as the examiners did at ρ = ${AGREEMENT_RHO.toFixed(2)} ` +
    `(cross-validated). Pronunciation is not measured from a transcript: it follows the other three until ${who}.`
  );
}
