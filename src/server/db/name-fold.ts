/*
 * How a student's name is searched (students.search_name, admin-search.ts): lower-cased, the accents
 * of Latin letters taken off ("José" reads "jose") and apostrophes, hyphens and full stops left out
 * ("O'Brien" reads "obrien", "D'Souza" "dsouza", "Mary-Jane" "maryjane"), so a teacher finds a name
 * typed without them. One table, read by the generated column's SQL (translate) and by foldName,
 * which folds the search's words the same way.
 */

/** Each letter of FOLD_FROM reads as the letter at the same place in FOLD_TO. */
const FOLD_FROM = 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőœùúûüūůűųýÿžźżśšşßťţŕř';
const FOLD_TO = 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnooooooooouuuuuuuuyyzzzssssttrr';
/** Left out of names and searches alike: apostrophes (straight and curly), the backtick, hyphens and full stops. */
const FOLD_DROP = "'’‘`-.";

const folded = new Map<string, string>([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i] ?? '']));
for (const mark of FOLD_DROP) folded.set(mark, '');

/**
 * `text` as search_name holds a name: lower-cased, then folded letter by letter. Composed first
 * (NFC), as names are stored (studentNameField), so an accent typed as a separate mark ("Jose" and
 * U+0301, as some keyboards send it) reads as the letter it sits on; and the capital dotted I is
 * lower-cased to "i", as the database's lower() does (JavaScript's gives "i" and a combining dot).
 */
export function foldName(text: string): string {
  let out = '';
  for (const letter of text.normalize('NFC').replaceAll('İ', 'i').toLowerCase()) out += folded.get(letter) ?? letter;
  return out;
}

/** The generated column's expression (translate deletes the letters of its second argument past the length of its third). */
export const SEARCH_NAME_SQL = `translate(lower(student_name), '${(FOLD_FROM + FOLD_DROP).replaceAll("'", "''")}', '${FOLD_TO}')`;
