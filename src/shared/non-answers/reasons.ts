/*
 * Why an answer was not counted, by kind (decision 0018), apart from the checks (checks.ts) so that
 * the attempt pages can word a stored non-answer as it reads today without loading the checks' word
 * lists. The speaking test's off-topic reason names the question, so it is worded where it is found
 * (speaking-test/non-answers.ts) and read as stored.
 */

export type NonAnswerKind = 'fillers-only' | 'not-english' | 'question-echo' | 'did-not-know' | 'repetition' | 'word-list' | 'off-topic';
/** The kinds these checks find (all but off-topic). */
export type CommonNonAnswerKind = Exclude<NonAnswerKind, 'off-topic'>;

export const FILLERS_ONLY_REASON = 'This answer is only filler words (such as um, uh, like, you know).';
export const REPETITION_REASON = 'This answer repeats what you said before.';
export const QUESTION_ECHO_REASON = 'This answer mostly repeats the question instead of answering it.';
export const NOT_ENGLISH_REASON = 'This answer does not seem to be in English, so it cannot be assessed.';
export const WORD_LIST_REASON = 'This answer is a list of words, not sentences, so it cannot be assessed.';
export const DID_NOT_KNOW_REASON = 'This answer only says you did not know. Say what you can instead, even a guess: it is your English that is assessed, not what you know.';

export const COMMON_NON_ANSWER_REASONS: Readonly<Record<CommonNonAnswerKind, string>> = {
  'fillers-only': FILLERS_ONLY_REASON,
  'not-english': NOT_ENGLISH_REASON,
  'question-echo': QUESTION_ECHO_REASON,
  'did-not-know': DID_NOT_KNOW_REASON,
  repetition: REPETITION_REASON,
  'word-list': WORD_LIST_REASON,
};

/** The reasons worded for the student's teacher, where the student's speak to the student ("you"). */
const FOR_TEACHERS: Partial<Record<CommonNonAnswerKind, string>> = {
  repetition: 'This answer repeats what the student said before.',
  'did-not-know': 'This answer only says the student did not know.',
};

/**
 * A stored non-answer's reason as it is worded now, for its reader: attempts keep the student's
 * sentence of the day they were scored, and a kind found by these checks is worded again from its
 * kind (off-topic as stored: it names the question, not the student).
 */
export function nonAnswerReason(item: { kind: NonAnswerKind; reason: string }, reader: 'student' | 'teacher' = 'student'): string {
  if (item.kind === 'off-topic') return item.reason;
  return (reader === 'teacher' ? FOR_TEACHERS[item.kind] : undefined) ?? COMMON_NON_ANSWER_REASONS[item.kind];
}
