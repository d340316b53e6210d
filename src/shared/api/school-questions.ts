import { z } from '../zod.js';
import { requiredOr, strictObjectError } from './common.js';
import {
  CUE_CARD_BULLET_MAX_LENGTH,
  CUE_CARD_MAX_BULLETS,
  CUE_CARD_MIN_BULLETS,
  SCHOOL_QUESTION_TEXT_MAX_LENGTH,
  TOPIC_WORD_MAX_LENGTH,
  TOPIC_WORDS_MAX,
} from './school-questions-limits.js';
import { hasALetter, hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE, withoutPastedInvisibles } from './visible-text.js';

export * from './school-questions-limits.js';

/* The school's own questions (decision 0038): the admin's contracts and the test's list. */

const part = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: requiredOr('must be 1, 2 or 3') });

// Composed (NFC), as names are: "café" typed with a combining accent is the same question, which the
// unique index on its lower-cased text then finds, and its words match the answers' words.
const text = z
  .string({ error: requiredOr('must be text') })
  .transform((value) => withoutPastedInvisibles(value).normalize('NFC').trim().replace(/\s+/gu, ' '))
  .pipe(
    z
      .string()
      .min(1, { error: 'Enter the question (for Part 2, the cue card’s topic)', abort: true })
      .max(SCHOOL_QUESTION_TEXT_MAX_LENGTH, `must be at most ${SCHOOL_QUESTION_TEXT_MAX_LENGTH} characters`)
      .refine(hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE)
      .refine(hasALetter, 'Write the question in words: it holds no letters'),
  );

const bullet = z
  .string({ error: 'must be text' })
  .transform((value) => withoutPastedInvisibles(value).normalize('NFC').trim().replace(/\s+/gu, ' '))
  .pipe(
    z
      .string()
      .min(1, { error: 'A cue card line cannot be empty', abort: true })
      .max(CUE_CARD_BULLET_MAX_LENGTH, `must be at most ${CUE_CARD_BULLET_MAX_LENGTH} characters`)
      .refine(hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE)
      .refine(hasALetter, 'Write each cue card line in words: this one holds no letters'),
  );

// Folded as sign-in names are (NFKC): a topic word is matched against what the student said, so a
// combining accent or a full-width letter would never match.
const topicWord = z
  .string({ error: 'must be text' })
  .transform((value) => value.normalize('NFKC').trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'A topic word cannot be empty')
      .max(TOPIC_WORD_MAX_LENGTH, `must be at most ${TOPIC_WORD_MAX_LENGTH} characters`)
      .regex(/^\p{L}[\p{L}'’-]*$/u, 'must be one word of letters (a hyphen or an apostrophe may join them)'),
  );

/**
 * The Add and Edit forms and the bodies of POST and PUT /api/admin/school-questions. Part 2 is a cue
 * card: its topic in `text` and 3 to 5 lines in `bullets`; Parts 1 and 3 have no bullets. An empty
 * `topicWords` is filled with the words suggested from the text.
 */
export const schoolQuestionForm = z
  .strictObject(
    {
      part,
      text,
      bullets: z.array(bullet, { error: 'must be a list of lines' }).max(CUE_CARD_MAX_BULLETS, `A cue card has at most ${CUE_CARD_MAX_BULLETS} lines`).default([]),
      topicWords: z.array(topicWord, { error: 'must be a list of words' }).max(TOPIC_WORDS_MAX, `Keep at most ${TOPIC_WORDS_MAX} topic words`).default([]),
    },
    { error: strictObjectError },
  )
  .superRefine((value, context) => {
    if (value.part === 2 && value.bullets.length < CUE_CARD_MIN_BULLETS) {
      context.addIssue({
        code: 'custom',
        path: ['bullets'],
        message: `A cue card needs ${CUE_CARD_MIN_BULLETS} to ${CUE_CARD_MAX_BULLETS} lines of what to say (the last usually starts “and explain”); this one has ${value.bullets.length}`,
      });
    }
    if (value.part !== 2 && value.bullets.length > 0) {
      context.addIssue({ code: 'custom', path: ['bullets'], message: 'Only a Part 2 cue card has lines of what to say; leave them out for a Part 1 or Part 3 question' });
    }
  });
export type SchoolQuestionFormInput = z.input<typeof schoolQuestionForm>;
export type SchoolQuestionFormValues = z.output<typeof schoolQuestionForm>;

export const schoolQuestionIdParams = z.object({
  id: z.coerce.number({ error: 'must be a question id' }).int('must be a question id').min(1, 'must be a question id').max(2_147_483_647, 'must be a question id'),
});

/** A school question as the Questions tab lists it. */
export const adminSchoolQuestion = z.object({
  id: z.number().int(),
  part: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  text: z.string(),
  bullets: z.array(z.string()),
  topicWords: z.array(z.string()),
  retired: z.boolean(),
  /** The teacher who added it (display name, else sign-in name); null once that account is gone. */
  addedBy: z.string().nullable(),
  /** "21 Nov 2026" in the school's time zone. */
  addedOn: z.string(),
  createdAt: z.string(),
});
export type AdminSchoolQuestion = z.infer<typeof adminSchoolQuestion>;

export const adminSchoolQuestions = z.object({ questions: z.array(adminSchoolQuestion) });
export type AdminSchoolQuestions = z.infer<typeof adminSchoolQuestions>;

export const adminSchoolQuestionResponse = z.object({ question: adminSchoolQuestion });

/** GET /api/school-questions: the active questions a test may draw, with what the off-topic check needs. */
export const testSchoolQuestions = z.object({
  questions: z.array(
    z.object({
      part: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      text: z.string(),
      bullets: z.array(z.string()),
      topicWords: z.array(z.string()),
    }),
  ),
});
export type TestSchoolQuestions = z.infer<typeof testSchoolQuestions>;
