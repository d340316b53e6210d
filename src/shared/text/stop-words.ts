/*
 * Words that carry no topic: function words, auxiliaries, the spec's filler words and other
 * conversational padding. Relevance leaves them out of an answer's content terms; the non-answer
 * checks read an answer with almost none of them as a list of words, not sentences.
 */

/** Compared with the lower-cased word (apostrophes straight). */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'ago', 'all', 'almost', 'also', 'am', 'an', 'and', 'any', 'are', 'around',
  'as', 'at', 'be', 'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can', 'could', 'did', 'do',
  'does', 'doing', 'done', 'down', 'during', 'each', 'either', 'else', 'even', 'ever', 'every', 'few', 'for', 'from', 'further',
  'get', 'gets', 'getting', 'got', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'herself', 'him', 'himself',
  'his', 'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'itself', 'just', 'least', 'less', 'let', 'lot', 'lots', 'many',
  'may', 'me', 'might', 'more', 'most', 'much', 'must', 'my', 'myself', 'neither', 'no', 'nor', 'not', 'now', 'of', 'off',
  'often', 'on', 'once', 'one', 'only', 'or', 'other', 'others', 'our', 'ours', 'ourselves', 'out', 'over', 'own', 'per',
  'quite', 'rather', 'really', 'same', 'shall', 'she', 'should', 'since', 'so', 'some', 'something', 'such', 'than', 'that',
  'the', 'their', 'theirs', 'them', 'themselves', 'then', 'there', 'these', 'they', 'thing', 'things', 'this', 'those',
  'though', 'through', 'thus', 'to', 'too', 'under', 'until', 'up', 'upon', 'us', 'very', 'was', 'we', 'were', 'what',
  'whatever', 'when', 'where', 'whether', 'which', 'while', 'who', 'whom', 'whose', 'why', 'will', 'with', 'within',
  'without', 'would', 'yet', 'you', 'your', 'yours', 'yourself', 'yourselves',
  "i'm", "i've", "i'd", "i'll", "it's", "that's", "there's", "don't", "didn't", "doesn't", "isn't", "wasn't", "aren't",
  "weren't", "can't", "couldn't", "won't", "wouldn't", "shouldn't", "haven't", "hasn't", "hadn't", "we're", "we've",
  "you're", "you've", "they're", "they've", "he's", "she's", "let's",
  'um', 'uh', 'er', 'ah', 'hmm', 'like', 'well', 'okay', 'ok', 'yes', 'yeah', 'actually', 'basically', 'kind', 'sort',
  'know', 'mean', 'think', 'say', 'said', 'going', 'gonna', 'want', 'wanna',
]);
