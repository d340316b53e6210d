import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SchoolQuestionFormValues } from '../../shared/api/school-questions.js';
import { teacherName } from '../../shared/api/teachers-limits.js';
import { CUE_CARDS, PART1_QUESTIONS, PART3_QUESTIONS } from '../../shared/speaking-test/questions.js';
import { questionKey, type SchoolQuestion } from '../../shared/speaking-test/school-questions.js';
import { suggestTopicWords } from '../../shared/speaking-test/topic-words.js';
import type { Db } from '../db/open.js';
import { schoolQuestions, users, type SchoolQuestionRow } from '../db/schema.js';
import { conflict } from '../lib/http-errors.js';
import { uniqueViolationConstraint } from '../lib/sql-errors.js';

/* The school's own questions (decision 0038): stored, listed for the Questions tab, drawn and judged. */

export type ListedSchoolQuestion = SchoolQuestionRow & { addedBy: string | null };

const PART_NAMES = { 1: 'Part 1', 2: 'Part 2 (a cue card)', 3: 'Part 3' } as const;

/** The bank's part of a text, when the spec's bank already has it. */
function bankPartOf(text: string): 1 | 2 | 3 | null {
  const key = questionKey(text);
  if (PART1_QUESTIONS.some((question) => questionKey(question) === key)) return 1;
  if (CUE_CARDS.some((card) => questionKey(card.topic) === key)) return 2;
  if (PART3_QUESTIONS.some((question) => questionKey(question) === key)) return 3;
  return null;
}

function partName(part: number): string {
  return PART_NAMES[part as 1 | 2 | 3] ?? `Part ${part}`;
}

/** Refuses a text the bank or another school question already has (409, naming where). */
async function refuseDuplicate(db: Db, text: string, exceptId: number | null): Promise<void> {
  const bankPart = bankPartOf(text);
  if (bankPart !== null) {
    throw conflict(`The spec’s question bank already asks this in ${partName(bankPart)}: “${text}”. Every test can draw it already; write a different question.`);
  }
  const sameText = sql`lower(${schoolQuestions.text}) = lower(${text})`;
  const [existing] = await db
    .select({ part: schoolQuestions.part, text: schoolQuestions.text, retiredAt: schoolQuestions.retiredAt })
    .from(schoolQuestions)
    .where(exceptId === null ? sameText : and(sameText, ne(schoolQuestions.id, exceptId)));
  if (existing) throw duplicateOf(existing);
}

function duplicateOf(existing: Pick<SchoolQuestionRow, 'part' | 'text' | 'retiredAt'>): Error {
  const where = `${partName(existing.part)}${existing.retiredAt ? ', retired: restore it instead' : ''}`;
  return conflict(`The school already has this question (${where}): “${existing.text}”. Questions must differ by more than capital letters.`);
}

/** The form's values as stored: topic words without repeats, the suggested ones when none were given. */
function storedValues(values: SchoolQuestionFormValues) {
  const words = values.topicWords.length > 0 ? values.topicWords : suggestTopicWords(values.text, values.bullets);
  return { part: values.part, text: values.text, bullets: values.part === 2 ? values.bullets : [], topicWords: [...new Set(words)] };
}

async function writing<T>(db: Db, values: SchoolQuestionFormValues, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // Two teachers adding the same question at once: the unique index decides, with the same sentence.
    if (uniqueViolationConstraint(error) === 'school_questions_text_unique') {
      throw duplicateOf({ part: values.part, text: values.text, retiredAt: null });
    }
    throw error;
  }
}

/** School questions with the name of the teacher who added them: every one, or the one with `id`. */
async function listedRows(db: Db, id?: number): Promise<ListedSchoolQuestion[]> {
  const rows = await db
    .select({ question: schoolQuestions, displayName: users.displayName, email: users.email, username: users.username })
    .from(schoolQuestions)
    .leftJoin(users, eq(users.id, schoolQuestions.addedByUserId))
    .where(id === undefined ? undefined : eq(schoolQuestions.id, id))
    .orderBy(asc(schoolQuestions.part), asc(schoolQuestions.createdAt), asc(schoolQuestions.id));
  // The teacher is named as on the teachers' pages; a teacher since removed leaves null.
  return rows.map(({ question, ...teacher }) => ({ ...question, addedBy: teacherName(teacher) }));
}

/** Every school question by part, then oldest first; with the name of the teacher who added it. */
export function listSchoolQuestions(db: Db): Promise<ListedSchoolQuestion[]> {
  return listedRows(db);
}

export async function findSchoolQuestionRow(db: Db, id: number): Promise<ListedSchoolQuestion | null> {
  return (await listedRows(db, id))[0] ?? null;
}

export async function createSchoolQuestion(db: Db, values: SchoolQuestionFormValues, addedByUserId: number, now: Date): Promise<number> {
  await refuseDuplicate(db, values.text, null);
  const [row] = await writing(db, values, () =>
    db.insert(schoolQuestions).values({ ...storedValues(values), addedByUserId, createdAt: now, updatedAt: now }).returning({ id: schoolQuestions.id }),
  );
  if (!row) throw new Error('The new school question was not stored.');
  return row.id;
}

/** Replaces a question's part, text, lines and topic words; false when there is no such question. */
export async function updateSchoolQuestion(db: Db, id: number, values: SchoolQuestionFormValues, now: Date): Promise<boolean> {
  await refuseDuplicate(db, values.text, id);
  const rows = await writing(db, values, () =>
    db.update(schoolQuestions).set({ ...storedValues(values), updatedAt: now }).where(eq(schoolQuestions.id, id)).returning({ id: schoolQuestions.id }),
  );
  return rows.length > 0;
}

/** Retires (no longer drawn) or restores a question; false when there is no such question. */
export async function setRetired(db: Db, id: number, retired: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(schoolQuestions)
    .set({ retiredAt: retired ? now : null, updatedAt: now })
    .where(eq(schoolQuestions.id, id))
    .returning({ id: schoolQuestions.id });
  return rows.length > 0;
}

function asSchoolQuestion(row: SchoolQuestionRow): SchoolQuestion {
  return { part: row.part as 1 | 2 | 3, text: row.text, bullets: row.bullets, topicWords: row.topicWords, ...(row.retiredAt ? { retired: true } : {}) };
}

/** The questions a test may draw now: the active ones. */
export async function activeSchoolQuestions(db: Db): Promise<SchoolQuestion[]> {
  const rows = await db.select().from(schoolQuestions).where(isNull(schoolQuestions.retiredAt)).orderBy(asc(schoolQuestions.id));
  return rows.map(asSchoolQuestion);
}

/**
 * The school questions among a test's asked questions, active or retired, for the off-topic check:
 * a question retired after the test was taken is judged as it was.
 */
export async function schoolQuestionsAsked(db: Db, asked: readonly string[]): Promise<SchoolQuestion[]> {
  const keys = [...new Set(asked.map(questionKey).filter((key) => key !== ''))];
  if (keys.length === 0) return [];
  const rows = await db.select().from(schoolQuestions).where(inArray(sql`lower(${schoolQuestions.text})`, keys));
  return rows.map(asSchoolQuestion);
}
