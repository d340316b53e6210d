import { STOP_WORDS, wordTokens } from '../text/index.js';
import { answerWords } from './answers.js';
import { type InterviewCategory } from './constants.js';
import { INTERVIEW_SCORE_MAX } from './score-scale.js';
import { porterStem } from './porter-stemmer.js';
import { findStockPhrases, withoutPhrases } from './stock-phrases.js';

/*
 * Relevance: how much an answer addresses its question.
 *
 * Each question has a set of reference terms: the content words of the question itself (which
 * include the profile details it names: the company, institution, skill, competence or
 * achievement) plus a short list of words an answer on that kind of question tends to use (its
 * category's topic words, below). Content words are the words left after removing stop words;
 * the rest are reduced to Porter stems, so "managed", "manager" and "management" all match
 * "manage".
 *
 * The answer's score is 9 x min(1, matched / RELEVANCE_FULL_MARKS_MATCHES), where `matched` is
 * how many different reference stems the answer uses. Four are enough for full marks: a real
 * answer names the subject and a few things about it, and a longer answer should not beat a
 * concise one. An empty answer, or one that uses none of the reference terms, scores 0. Words said
 * inside a stock phrase ("I am a hardworking team player"; stock-phrases.ts, decision 0072) do not
 * count: any candidate can say them to any question.
 */

/** Different reference stems an answer must use for full relevance marks. */
export const RELEVANCE_FULL_MARKS_MATCHES = 4;

/**
 * Words that frame a question rather than say what it is about ("Tell me about…", "Can you give
 * an example…"): an answer does not address a question by repeating them.
 */
export const QUESTION_FRAMING_WORDS: ReadonlySet<string> = new Set([
  'tell', 'describe', 'explain', 'give', 'share', 'talk', 'walk', 'please', 'example', 'listed', 'list', 'mentioned',
  'mention', 'right', 'anything', 'go', 'way', 'time', 'today', 'finish', 'main',
]);

/** Words an answer on each kind of question tends to use, beyond the question's own words. */
export const CATEGORY_TOPIC_WORDS: Readonly<Record<InterviewCategory, readonly string[]>> = {
  Introduction: ['name', 'background', 'experience', 'work', 'job', 'role', 'career', 'study', 'degree', 'graduate', 'college', 'university', 'school', 'company', 'skill', 'field', 'interest', 'passion', 'project', 'year', 'family', 'hobby', 'currently', 'professional'],
  Strengths: ['strength', 'strong', 'good', 'skill', 'ability', 'dedicated', 'reliable', 'quick', 'learner', 'communication', 'problem', 'solving', 'organised', 'organized', 'leadership', 'creative', 'team', 'help', 'result', 'patient', 'positive'],
  Weaknesses: ['weakness', 'weak', 'improve', 'improvement', 'overcome', 'struggle', 'difficult', 'challenge', 'practice', 'practise', 'feedback', 'better', 'habit', 'manage', 'delegate', 'confidence', 'public', 'speaking', 'nervous', 'working'],
  Motivation: ['interest', 'interested', 'motivate', 'motivation', 'passion', 'passionate', 'enjoy', 'love', 'role', 'company', 'opportunity', 'grow', 'growth', 'learn', 'challenge', 'contribute', 'impact', 'goal', 'career', 'team', 'work'],
  'Career Goals': ['goal', 'future', 'year', 'plan', 'grow', 'growth', 'career', 'position', 'role', 'lead', 'leader', 'manager', 'senior', 'skill', 'learn', 'develop', 'achieve', 'ambition', 'promotion', 'expert', 'company'],
  Experience: ['work', 'job', 'role', 'responsibility', 'responsible', 'task', 'duty', 'team', 'project', 'client', 'customer', 'manage', 'handle', 'develop', 'deliver', 'report', 'company', 'year', 'position', 'department', 'daily', 'process'],
  Projects: ['project', 'build', 'built', 'develop', 'design', 'team', 'role', 'part', 'contribute', 'lead', 'result', 'deliver', 'deadline', 'client', 'problem', 'solution', 'proud', 'feature', 'system', 'successful'],
  Pressure: ['pressure', 'stress', 'deadline', 'urgent', 'calm', 'handle', 'manage', 'prioritise', 'prioritize', 'priority', 'plan', 'situation', 'challenge', 'difficult', 'problem', 'solve', 'team', 'result', 'focus', 'organise', 'organize'],
  Skills: ['skill', 'strong', 'strongest', 'use', 'used', 'apply', 'experience', 'project', 'tool', 'knowledge', 'practice', 'improve', 'expert', 'proficient', 'work'],
  Learning: ['learn', 'learning', 'course', 'study', 'practice', 'practise', 'online', 'training', 'book', 'tutorial', 'improve', 'new', 'skill', 'lesson', 'teach', 'knowledge', 'class', 'certificate', 'certification', 'mentor'],
  Competence: ['competence', 'competent', 'expertise', 'apply', 'applied', 'skill', 'strength', 'project', 'result', 'experience', 'situation', 'solve', 'use', 'work'],
  Leadership: ['lead', 'leader', 'leadership', 'team', 'support', 'help', 'guide', 'mentor', 'motivate', 'member', 'colleague', 'responsibility', 'decision', 'delegate', 'organise', 'organize', 'coordinate', 'conflict', 'goal'],
  Technical: ['technical', 'technology', 'tool', 'code', 'coding', 'program', 'programming', 'software', 'system', 'build', 'develop', 'design', 'project', 'problem', 'solve', 'debug', 'test', 'data', 'application', 'knowledge', 'experience', 'use', 'solution', 'language', 'framework'],
  Education: ['study', 'studied', 'degree', 'course', 'subject', 'college', 'university', 'school', 'graduate', 'graduation', 'major', 'class', 'professor', 'teacher', 'learn', 'knowledge', 'prepare', 'skill', 'project', 'exam'],
  Achievements: ['achievement', 'achieve', 'accomplish', 'award', 'prize', 'win', 'won', 'recognition', 'result', 'effort', 'work', 'hard', 'team', 'goal', 'proud', 'practice', 'plan', 'success', 'competition'],
  Success: ['success', 'successful', 'succeed', 'measure', 'goal', 'achieve', 'teach', 'taught', 'learn', 'lesson', 'result', 'growth', 'satisfaction', 'proud', 'effort', 'hard', 'work', 'improve'],
  Questions: ['question', 'ask', 'role', 'team', 'company', 'culture', 'growth', 'training', 'opportunity', 'expect', 'expectation', 'day', 'responsibility', 'next', 'step', 'process', 'project', 'learn'],
  Closing: ['thank', 'thanks', 'opportunity', 'interested', 'excited', 'role', 'company', 'team', 'contribute', 'skill', 'experience', 'strength', 'believe', 'hope', 'forward', 'add'],
};

/** A content word: its stem and the word as first written, for showing which words matched. */
export interface ContentTerm {
  stem: string;
  word: string;
}

/**
 * The content terms of a text, one per different stem, in order of first use. Compounds are split
 * ("problem-solving" gives "problem" and "solving"), a possessive 's is dropped, stop words and
 * any words in `exclude` are left out, and the rest are Porter-stemmed.
 */
export function contentTerms(text: string, exclude: ReadonlySet<string> = new Set()): ContentTerm[] {
  const terms = new Map<string, ContentTerm>();
  for (const token of wordTokens(text)) {
    const written = text.slice(token.index, token.index + token.length);
    const writtenParts = written.replace(/['’]s$/iu, '').split(/[-‐]/u);
    token.word.split('-').forEach((part, index) => {
      const word = part.replace(/'s$/, '');
      if (!word || STOP_WORDS.has(word) || exclude.has(word)) return;
      const stem = porterStem(word.replace(/'/g, ''));
      if (!terms.has(stem)) terms.set(stem, { stem, word: writtenParts[index] ?? word });
    });
  }
  return [...terms.values()];
}

const topicStemCache = new Map<InterviewCategory, ReadonlySet<string>>();

function topicStems(category: InterviewCategory): ReadonlySet<string> {
  let stems = topicStemCache.get(category);
  if (!stems) {
    stems = new Set(contentTerms(CATEGORY_TOPIC_WORDS[category].join(' ')).map((term) => term.stem));
    topicStemCache.set(category, stems);
  }
  return stems;
}

/** The stems an answer to this question is expected to use (see the comment at the top). */
export function referenceStems(question: string, category?: InterviewCategory | null): Set<string> {
  const stems = new Set(contentTerms(question, QUESTION_FRAMING_WORDS).map((term) => term.stem));
  if (category) for (const stem of topicStems(category)) stems.add(stem);
  return stems;
}

export interface AnswerRelevance {
  /** 0-9. */
  score: number;
  /** The answer's words that matched a reference term, as the student said them, in order. */
  matchedWords: string[];
  /** How many different reference stems the question has. */
  referenceTermCount: number;
  /** The stock phrases said, as said, in order (their words are not counted in `matchedWords`). */
  stockPhrases: string[];
}

export function scoreAnswerRelevance(question: string, answer: string, category?: InterviewCategory | null): AnswerRelevance {
  const reference = referenceStems(question, category);
  if (answerWords(answer) === '') return { score: 0, matchedWords: [], referenceTermCount: reference.size, stockPhrases: [] };
  const stock = findStockPhrases(answer, question);
  const matchedWords = contentTerms(withoutPhrases(answer, stock))
    .filter((term) => reference.has(term.stem))
    .map((term) => term.word);
  const score = INTERVIEW_SCORE_MAX * Math.min(1, matchedWords.length / RELEVANCE_FULL_MARKS_MATCHES);
  return { score, matchedWords, referenceTermCount: reference.size, stockPhrases: stock.map((phrase) => phrase.said) };
}
