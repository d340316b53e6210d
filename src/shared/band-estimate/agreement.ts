import { roundToHalfBand } from '../speaking-test/overall.js';
import { RATED_RANGES } from './rated-ranges.js';

/*
 * How well the estimate agrees with human raters, as `npm run validity` measured it (cross-validated
 * Spearman rho on the development set's 716 rated learners, whole interviews without filled
 * pauses; docs/validity.md). The validity check fails when these drift from what it measures.
 */
export const AGREEMENT_RHO = 0.86;
export const AGREEMENT_RHO_FIRST_250_WORDS = 0.73;
export const AGREEMENT_LEARNERS = 716;
/** Share of those learners whose overall, to the nearest half band, was within one band of the band their rated level corresponds to. */
export const AGREEMENT_WITHIN_ONE_BAND = 0.96;
/**
 * The same share for the best single band given to every learner: the raters' levels 1-5 lie within
 * two bands of each other (scale.ts), so agreement within a band says much less than it seems, and
 * the teacher is told this beside it. The student is told the ranking, which no single guess matches.
 */
export const ONE_GUESS_BAND = 3.5;
export const ONE_GUESS_WITHIN_ONE_BAND = 0.84;
/** Learners rated at this band or above (levels 8 and 9 of 9)... */
export const STRONG_RATED_BAND = 6;
/** ...were shown this overall on average: the estimate reads strong speakers low (docs/validity.md). */
export const STRONG_SHOWN_MEAN = 5.7;

/** "91 %", with a no-break space so that it is never split over two lines. */
const percent = (share: number) => `${Math.round(share * 100)}\u00a0%`;

/**
 * What the results (the student) and the attempt's page (the teacher) say of the estimate: that it
 * ranked rated learners much as their raters did, in words a student follows, and where it is
 * weakest (strong speakers); the teacher also gets the rank correlation and the agreement in bands
 * beside what one guess for everyone would reach.
 */
export function agreementText(reader: 'student' | 'teacher'): string {
  const { what, checked, pronunciation } = agreementParagraphs(reader);
  return `${what} ${checked} ${pronunciation}`;
}

/** The same in three parts, for a page that sets them apart: what the estimate is, how it was checked, and Pronunciation. */
export interface AgreementParagraphs {
  what: string;
  checked: string;
  pronunciation: string;
}

export function agreementParagraphs(reader: 'student' | 'teacher'): AgreementParagraphs {
  // The student's form in short sentences and plain words (a learner of band 4-5 reads it on a phone):
  // "a version that had not learned from them" is the cross-validation the teacher's form names by its figures.
  if (reader === 'student') {
    return {
      what: 'An estimate, not an official IELTS score. Fluency, vocabulary and grammar come from the words of your answers.',
      checked:
        `We tested it on ${AGREEMENT_LEARNERS} learners graded by trained raters; each was scored by a version that had not learned from them. ` +
        `It put them in much the same order as the raters did, but it often gives strong speakers too low a band: learners graded band ${STRONG_RATED_BAND} or above got ${STRONG_SHOWN_MEAN.toFixed(1)} on average.`,
      pronunciation: 'Pronunciation is not measured from the words: until your teacher listens to your recording, it is the average of the other three.',
    };
  }
  // The teacher's form: who the learners were and what their raters gave (levels of the Standard Speaking
  // Test, matched to bands through the CEFR: scale.ts, decision 0030), the rank correlation glossed, and
  // the agreement in bands beside what one guess for everyone reaches. The teacher's own band, from
  // listening, replaces the Pronunciation estimate once released: the estimate itself never changes.
  return {
    what: 'An estimate, not an official IELTS score. Fluency, vocabulary and grammar come from the transcript.',
    checked:
      `Checked on ${AGREEMENT_LEARNERS} Japanese learners whom trained raters had given levels of the Standard Speaking Test, matched to IELTS bands through the CEFR; ` +
      `each was scored by a version that had not learned from them. It ranked them as the raters did at ρ = ${AGREEMENT_RHO.toFixed(2)} (rank correlation: 1 is the same order), ` +
      `and its overall was within one band of their rated level's band for ${percent(AGREEMENT_WITHIN_ONE_BAND)} of them ` +
      `(giving everyone ${ONE_GUESS_BAND.toFixed(1)} would be for ${percent(ONE_GUESS_WITHIN_ONE_BAND)}, since the raters' lower levels match bands close together). ` +
      `It gives strong speakers too low a band: those rated band ${STRONG_RATED_BAND} or above got ${STRONG_SHOWN_MEAN.toFixed(1)} on average.`,
    pronunciation: 'Pronunciation is not measured from a transcript: its estimate is the average of the other three. Your band from the recording is the result once you release the review.',
  };
}

/**
 * Under the interview's overall (the completed view and the attempt's page): communication and
 * clarity are the speaking test's estimate, with its ranking and its weakness; confidence and
 * relevance count words, so the overall is not a band.
 */
export function interviewAgreementText(): string {
  return (
    'Communication and clarity are estimated from the words, as in the speaking test. ' +
    `Tested on ${AGREEMENT_LEARNERS} learners graded by trained raters, the estimate put them in much the same order as the raters did, ` +
    `but it often gives strong speakers too low a score (learners graded band ${STRONG_RATED_BAND} or above got ${STRONG_SHOWN_MEAN.toFixed(1)} on average). ` +
    'Confidence and relevance only count words: they do not judge how well the words are said.'
  );
}

/**
 * Beside the overall: the bands matching the levels trained raters gave the development set's learners to whom the
 * estimate gave this overall (rated-ranges.ts, cross-validated), in a sentence, or in a short one
 * for the results' summary; above every overall it gave them, that this is not measured. Null where
 * the data say nothing.
 */
export function ratedRangeText(overall: number, form: 'sentence' | 'short' = 'sentence'): string | null {
  const shown = roundToHalfBand(overall);
  const range = RATED_RANGES.find((row) => row.shown === shown);
  const highest = Math.max(...RATED_RANGES.map((row) => row.shown));
  if (!range && shown > highest) {
    // Past what the learners it was tried on were given: said plainly, not left out.
    const above = `more than ${highest.toFixed(1)}`;
    if (form === 'short') return `No learner it was tested on was given ${above}, so how raters would grade a ${shown.toFixed(1)} is not known.`;
    return `This estimate gave none of the ${AGREEMENT_LEARNERS} learners it was tested on ${above}, so how trained raters would grade a ${shown.toFixed(1)} is not known.`;
  }
  if (!range) return null;
  const [low, high] = [range.low.toFixed(1), range.high.toFixed(1)];
  const given = `${range.pooled ? 'about ' : ''}${shown.toFixed(1)}`;
  const share = percent(range.share);
  if (form === 'short') return `Of learners this estimate gave ${given}, trained raters put ${share} at a level matching ${low === high ? low : `${low} to ${high}`}.`;
  return `Of the ${range.learners} learners this estimate gave ${given}, trained raters put ${share} at a level matching ${low === high ? low : `between ${low} and ${high}`}.`;
}
