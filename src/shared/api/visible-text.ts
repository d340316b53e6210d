/*
 * Text that people read on a screen or hear read aloud: names, course names, questions.
 * - Invisible characters that only come along with pasted text are dropped before it is stored: the
 *   soft hyphen (Word, Excel), zero-width space, word joiner and byte-order mark, and the direction
 *   marks (LRM, RLM, ALM) that Urdu and Arabic names bring from chat apps and web pages.
 * - What is left may hold no control character and no other invisible one: a direction override or
 *   isolate reorders the text after it on every list that shows it, and a line or paragraph
 *   separator (U+2028, U+2029) breaks a one-line name and the CSV export's cell. The joiners (U+200C, U+200D)
 *   stay allowed: Indian scripts spell words with them.
 * - Nor the fillers that draw as blank space though Unicode counts them as letters or symbols: the
 *   Hangul fillers (U+115F, U+1160, U+3164, U+FFA0; modern Korean text never holds them) and the
 *   blank Braille pattern (U+2800). A name of them alone reads as no name (an outside tester added a
 *   student named U+3164).
 * - Names and questions must also hold a letter (hasALetter), so none reads as nothing.
 */
const PASTED_INVISIBLE = /[\u00ad\u061c\u200b\u200e\u200f\u2060\ufeff]/gu;
const HIDDEN_CHARACTER = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]/u;
const LETTER = /\p{L}/u;

export const HIDDEN_CHARACTER_MESSAGE = 'may not hold control characters, hidden direction changes or blank-looking fillers; retype it without them';

/** `value` without the invisible characters pasted text brings along (see above). */
export const withoutPastedInvisibles = (value: string): string => value.replace(PASTED_INVISIBLE, '');

export const hasNoHiddenCharacter = (value: string): boolean => !HIDDEN_CHARACTER.test(value);

export const hasALetter = (value: string): boolean => LETTER.test(value);
