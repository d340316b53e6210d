/*
 * Text that people read on a screen or hear read aloud: names, course names, questions. It must hold
 * a letter, and no control or invisible character: a zero-width space looks like nothing, and a
 * direction override reorders the text after it on every list that shows it. The joiners (U+200C,
 * U+200D) stay allowed: Indian scripts spell words with them.
 */
const HIDDEN_CHARACTER = /(?![\u200c\u200d])[\p{Cc}\p{Cf}]/u;
const LETTER = /\p{L}/u;

export const HIDDEN_CHARACTER_MESSAGE = 'may not hold control or invisible characters; retype it without them';

export const hasNoHiddenCharacter = (value: string): boolean => !HIDDEN_CHARACTER.test(value);

export const hasALetter = (value: string): boolean => LETTER.test(value);
