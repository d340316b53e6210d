/*
 * The school's own questions a test may draw (decision 0038): fetched when the running test's code
 * loads (as the student makes for Start Test), never with the page's first visit, and again for each
 * later test, so a question retired or added meanwhile counts. A failed or
 * slow answer leaves the test to the spec's bank: a test never waits long for them.
 */
import type { TestSchoolQuestions } from '../../../../shared/api/school-questions';
import { schoolQuestionLookup, type SchoolQuestion, type SchoolQuestionLookup } from '../../../../shared/speaking-test/school-questions';
import { selectQuestionSet, type QuestionSet } from '../../../../shared/speaking-test/questions';
import { apiGet } from '../../../lib/api';

export const SCHOOL_QUESTIONS_URL = '/api/school-questions';
/** How long Start Test waits for the school's questions before drawing from the bank alone. */
const WAIT_MS = 4000;

let loading: Promise<SchoolQuestion[]> | undefined;

/** The active school questions, one fetch for the next draw ([] when they cannot be had; a failure is not kept). */
export function loadSchoolQuestions(): Promise<SchoolQuestion[]> {
  loading ??= apiGet<TestSchoolQuestions>(SCHOOL_QUESTIONS_URL).then(
    (body) => body.questions,
    () => {
      loading = undefined;
      return [];
    },
  );
  return loading;
}

/** One test's questions from the bank and the school's, and the school's for judging the answers. */
export async function drawQuestions(random: () => number): Promise<{ questions: QuestionSet; school: SchoolQuestionLookup }> {
  let timer: number | undefined;
  const waited = new Promise<SchoolQuestion[]>((resolve) => {
    timer = window.setTimeout(() => resolve([]), WAIT_MS);
  });
  const school = await Promise.race([loadSchoolQuestions(), waited]);
  window.clearTimeout(timer);
  // The next test asks again.
  loading = undefined;
  return { questions: selectQuestionSet(random, school), school: schoolQuestionLookup(school) };
}
