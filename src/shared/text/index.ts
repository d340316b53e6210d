export { UTTERANCE_SEPARATOR, nameWords, sentences, spokenTogether, tokenisingOnce, uniqueWordCount, wordCount, wordTokens, words, type WordToken } from './words.js';
export { coveredByFillers, FILLER_EXCEPTIONS, FILLER_WORDS, fillerCount, findFillers, type FillerException, type FillerMatch, type FillerWord } from './fillers.js';
export { ARTICLES, SUBJECT_VERB_PRONOUNS, findGrammarSlips, grammarSlipCount, type GrammarSlip, type GrammarSlipKind } from './grammar-slips.js';
export { STOP_WORDS } from './stop-words.js';
