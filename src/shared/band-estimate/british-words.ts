/*
 * Everyday British words and the American word for the same thing. The word list the ranks come
 * from (SUBTLEX-US) is American film and television, where a British speaker's "holiday", "queue",
 * "petrol" or "learnt" is rare: ranked as the American word, they read as the everyday words they
 * are, not as less common vocabulary (decision 0061). Spelling alone ("colour", "programme") is
 * `americanSpellings` in lexicon.ts.
 *
 * Only pairs where the American word is an everyday one (among the list's 2,000 most frequent) and
 * the British one is not are listed: the others change no rank that anything reads. Each is a base
 * word: "holidays", "queued" and "lorries" find theirs through `inflectionBases` (lexicon.ts).
 */
export const AMERICAN_WORD_FOR: ReadonlyMap<string, string> = new Map([
  // English Vocabulary in Use, pre-intermediate and intermediate (McCarthy & O'Dell, Cambridge), unit 98.
  // Also flat/apartment and university/college, left out since the ranks count word stems (decision
  // 0063): "flat" and "university" rank among the 2,000 most frequent on their own.
  ['autumn', 'fall'], ['holiday', 'vacation'], ['lorry', 'truck'], ['petrol', 'gas'],
  // The British-only words and British senses of Wikipedia's lists of American and British English
  // differences, as the npm package american-british-english-translator holds them.
  ['amongst', 'among'], ['bloke', 'guy'], ['gaol', 'jail'], ['learnt', 'learned'], ['loo', 'bathroom'],
  ['mobile', 'cell'], ['mum', 'mom'], ['mummy', 'mommy'], ['pub', 'bar'], ['queue', 'line'], ['uni', 'college'],
  // Past forms in -t (Wikipedia, American and British English spelling differences).
  ['burnt', 'burned'], ['dreamt', 'dreamed'], ['spelt', 'spelled'],
  // Pairs every British/American list for learners gives, found in neither source above.
  ['cinema', 'movies'], ['telly', 'tv'], ['timetable', 'schedule'], ['whilst', 'while'],
]);

