/* The limits of the school's own questions, without Zod: the admin's Questions tab reads them without loading the contracts' library. */

export const SCHOOL_QUESTION_TEXT_MAX_LENGTH = 300;
export const CUE_CARD_BULLET_MAX_LENGTH = 200;
/** The spec's cue cards have 3 or 4 lines; a school's may have up to 5. */
export const CUE_CARD_MIN_BULLETS = 3;
export const CUE_CARD_MAX_BULLETS = 5;
export const TOPIC_WORDS_MAX = 60;
export const TOPIC_WORD_MAX_LENGTH = 40;
