/** Pure helpers of the examiner voice: how long a text takes to say, and how to cut it up. */
import { ESTIMATE_WORDS_PER_MINUTE, MAX_UTTERANCE_CHARACTERS, VOICE_WATCHDOG_FACTOR, VOICE_WATCHDOG_MARGIN_MS } from './constants.js';

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** Words / (150 wpm x rate), in milliseconds: about how long a voice takes to say `text`. */
export function estimateSpeakingMs(text: string, rate = 1): number {
  const wordsPerMinute = ESTIMATE_WORDS_PER_MINUTE * (rate > 0 ? rate : 1);
  return Math.round((countWords(text) / wordsPerMinute) * 60_000);
}

/** How long to wait for an utterance's 'end' before giving up on it. */
export function watchdogMs(text: string, rate = 1): number {
  return Math.round(estimateSpeakingMs(text, rate) * VOICE_WATCHDOG_FACTOR + VOICE_WATCHDOG_MARGIN_MS);
}

/** Packs `pieces` (joined by single spaces) into as few strings of at most `max` characters as possible. */
function pack(pieces: readonly string[], max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (!current) current = piece;
    else if (current.length + 1 + piece.length <= max) current = `${current} ${piece}`;
    else {
      out.push(current);
      current = piece;
    }
  }
  if (current) out.push(current);
  return out;
}

/** One over-long sentence cut at commas, semicolons and colons, then at spaces, then anywhere. */
function splitLong(sentence: string, max: number): string[] {
  if (sentence.length <= max) return [sentence];
  const clauses = sentence.match(/[^,;:]+(?:[,;:]+|$)/g)?.map((clause) => clause.trim()).filter(Boolean) ?? [sentence];
  return pack(
    clauses.flatMap((clause) => {
      if (clause.length <= max) return [clause];
      const words = clause.split(' ').flatMap((word) => (word.length <= max ? [word] : (word.match(new RegExp(`.{1,${max}}`, 'g')) ?? [])));
      return pack(words, max);
    }),
    max,
  );
}

/**
 * `text` as utterances Chrome will not cut off (it stops one after ~15 s): whole sentences packed
 * together up to `max` characters; a longer sentence cut at clause breaks, then between words.
 */
export function splitForSpeech(text: string, max = MAX_UTTERANCE_CHARACTERS): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  const sentences = clean.match(/[^.!?]+(?:[.!?]+["'\u201d\u2019)\]]*|$)/g)?.map((sentence) => sentence.trim()).filter(Boolean) ?? [clean];
  return pack(
    sentences.flatMap((sentence) => splitLong(sentence, max)),
    max,
  );
}
