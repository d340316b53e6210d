/*
 * The profile's text as an interviewer says it inside a question: cleaned and cut, the student's
 * own words quoted as typed (a lone "i" written "I"), lists joined with "and", and the entry a
 * question names (the most recent job or course, and whether it is still going on).
 */

/** The first `maxLength` UTF-16 units of `text`, without a split surrogate pair at the end. */
function cutText(text: string, maxLength: number): string {
  const cut = text.slice(0, maxLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Profile text as spoken inside a question: white space (line breaks too) collapsed, trimmed, cut
 * to `maxLength`, and trailing punctuation dropped so the sentence around it still reads. Blank
 * text gives ''.
 */
export function cleanDetail(text: string | null | undefined, maxLength: number): string {
  const collapsed = (text ?? '').replace(/\s+/g, ' ').trim();
  return cutText(collapsed, maxLength).trim().replace(/[\s.,;:!?-]+$/u, '');
}

/**
 * A lone lower-case "i" (the pronoun, also in i'm, i've, i'd, i'll) written "I"; an "i" inside a
 * word or an abbreviation ("i.e.") is left alone.
 */
function capitaliseLoneI(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}'’.-])i(?=['’](?:m|ve|d|ll)(?!\p{L})|[^\p{L}\p{N}.'’-]|$)/gu, 'I');
}

/**
 * The first letter capitalised when the first word is all lower case ("good at sales"), as a
 * quoted phrase starts; a word with a capital inside ("iOS", "eBay") keeps its case.
 */
function capitaliseFirstWord(text: string): string {
  return text.replace(/^\p{Ll}+(?![\p{L}\p{N}])/u, (word) => {
    const [first = '', ...rest] = word;
    return `${first.toUpperCase()}${rest.join('')}`;
  });
}

/**
 * Profile text as the student's own words, to be quoted in a question: cleaned as
 * {@link cleanDetail}, double quotes around it dropped and inside it made single (so the quote the
 * question puts around it stays whole), a lone "i" written "I", and with `sentenceCase` the first
 * word capitalised. Blank text gives ''.
 */
export function studentWords(text: string | null | undefined, maxLength: number, sentenceCase = false): string {
  const unquoted = cleanDetail(text, maxLength)
    .replace(/^["“”]+|["“”]+$/gu, '')
    .replace(/"/g, "'")
    .replace(/“/g, '‘')
    .replace(/”/g, '’');
  const words = capitaliseLoneI(cleanDetail(unquoted, maxLength));
  return sentenceCase ? capitaliseFirstWord(words) : words;
}

/** Splits a list at commas (not one inside a number such as 1,000), semicolons and line breaks. */
const LIST_SEPARATOR = /[;\r\n]|,(?!\d{3}(?!\d))/u;

/**
 * The items of a list the student typed (the skills text): split at {@link LIST_SEPARATOR}, each
 * item without a leading bullet or number ("- ", "2. ") or a leading "and"/"&" (from "a, b, and
 * c"), cleaned as {@link cleanDetail} with a lone "i" written "I", blank items dropped, and a
 * closing "etc." dropped (an interviewer does not say it). The student's case is kept. The whole
 * text is first cut to `maxLength`.
 */
export function listItems(text: string | null | undefined, maxLength: number): string[] {
  const cut = cutText(text ?? '', maxLength).replace(/(?:[\s,;]*\betc\b\.?)+[\s.,;:!?]*$/iu, '');
  return cut
    .split(LIST_SEPARATOR)
    .map((item) => capitaliseLoneI(cleanDetail(item.replace(/^\s*(?:[-*•·–—]+|\d+[.)])\s+/u, '').replace(/^\s*(?:and|&)\s+/iu, ''), maxLength)))
    .filter((item) => item !== '');
}

/**
 * Items joined as spoken: "a", "a and b", "a, b and c". When the last item already holds an "and"
 * ("sales, research and development"), it is joined with a comma so the list has one "and".
 */
export function joinList(items: readonly string[]): string {
  const last = items.at(-1);
  if (last === undefined) return '';
  if (items.length === 1) return last;
  const joiner = /(?:^|\s)(?:and|&)(?:\s|$)/iu.test(last) ? ', ' : ' and ';
  return `${items.slice(0, -1).join(', ')}${joiner}${last}`;
}

interface DatedEntry {
  fromDate: string;
  toDate: string;
}

/** The entry a question names: its cleaned name, and whether it is still going on (an empty toDate). */
export interface NamedEntry {
  name: string;
  current: boolean;
}

/**
 * The most recent of the entries whose `name` is not blank: an empty toDate means "present" and
 * ranks first; otherwise the later toDate, then the later fromDate; a tie keeps list order.
 * Dates are 'YYYY-MM-DD' or '', so comparing strings compares dates. Undefined when every name is
 * blank.
 */
export function mostRecentEntry<T extends DatedEntry>(entries: readonly T[], name: (entry: T) => string, maxLength: number): NamedEntry | undefined {
  let best: { name: string; toKey: string; fromKey: string } | undefined;
  for (const entry of entries) {
    const cleaned = cleanDetail(name(entry), maxLength);
    if (!cleaned) continue;
    const toKey = entry.toDate === '' ? '\uffff' : entry.toDate;
    const fromKey = entry.fromDate;
    if (!best || toKey > best.toKey || (toKey === best.toKey && fromKey > best.fromKey)) {
      best = { name: cleaned, toKey, fromKey };
    }
  }
  return best && { name: best.name, current: best.toKey === '\uffff' };
}
