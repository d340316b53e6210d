/*
 * The school's own questions (decision 0038): Part 1 and Part 3 questions and Part 2 cue cards that
 * teachers add beside the spec's bank. A test draws from both (questions.ts); the off-topic check
 * (non-answers.ts) judges an answer to one with its stored topic words, as it judges the bank's.
 */

export type QuestionPart = 1 | 2 | 3;

/** One school question as the draw and the off-topic check read it. */
export interface SchoolQuestion {
  part: QuestionPart;
  /** The question; for Part 2 the cue card's topic ("Describe …"). */
  text: string;
  /** Part 2 only: what the candidate should say (3 to 5 lines); empty for Parts 1 and 3. */
  bullets: readonly string[];
  /** Words an answer tends to use besides the question's own (the bank's QUESTION_TOPIC_WORDS). */
  topicWords: readonly string[];
  /** Retired by a teacher: never drawn again, still judged for the attempts that asked it. */
  retired?: boolean;
}

/** The school questions a test's answers may have been asked, found by part and text. */
export type SchoolQuestionLookup = ReadonlyMap<string, SchoolQuestion>;

/** How a question's text is compared: composed (NFC, as school questions are stored), trimmed, inner spaces collapsed, lower-cased. */
export function questionKey(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

function lookupKey(part: number, text: string): string {
  return `${part}\n${questionKey(text)}`;
}

export function schoolQuestionLookup(questions: readonly SchoolQuestion[]): SchoolQuestionLookup {
  return new Map(questions.map((question) => [lookupKey(question.part, question.text), question]));
}

/** The school question an answer was given to, if it was one. */
export function findSchoolQuestion(lookup: SchoolQuestionLookup | undefined, part: number, question: string): SchoolQuestion | undefined {
  return lookup?.get(lookupKey(part, question));
}
