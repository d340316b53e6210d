/*
 * The interview's scores (spec section 9): their 0-9 scale, what earns full marks, and the fewest
 * words assessed. Apart from the simulator's constants (constants.ts), so the pages that show saved
 * scores do not carry the simulator's texts and timings.
 */

export const INTERVIEW_SCORE_MIN = 0;
export const INTERVIEW_SCORE_MAX = 9;
/** Average words per answer that earn full communication marks. */
export const COMMUNICATION_FULL_MARKS_WORDS_PER_ANSWER = 50;
/**
 * Total words over the interview that earned full confidence marks, as the spec says ("total words
 * divided by 1000"): how attempts saved before decision 0072 were scored, and what their pages say.
 */
export const CONFIDENCE_FULL_MARKS_TOTAL_WORDS = 1000;
/**
 * Words counted from each answer towards confidence, and what every answer needs for full marks
 * (decision 0072): the spec's 1,000 words over its 20 questions. Full marks are this many words in
 * every question asked, so a profile that gives 7 questions is not asked for 143 words an answer,
 * and words past it in one answer do not make up for a question left short or silent.
 */
export const CONFIDENCE_FULL_MARKS_WORDS_PER_ANSWER = 50;
/**
 * Fewer words than this across the answers (fillers such as um and uh not counted) give no scores,
 * only a reason (decision 0018): the speaking test's "not enough speech". Twenty words are about two
 * sentences: below that one filler moves the filler ratio by more than 5 % (a quarter of clarity's
 * filler part) and relevance rests on a phrase. Communication and confidence already scale with the
 * words said, so, unlike the test's bands, the scores need no higher floor to stay honest.
 */
export const INTERVIEW_MIN_ASSESSABLE_WORDS = 20;
