import { z } from '../zod.js';
import { requiredOr, strictObjectError } from './common.js';
import { withoutPastedInvisibles } from './visible-text.js';
import {
  INTERVIEW_ANSWER_MAX_LENGTH,
  INTERVIEW_CANDIDATE_SPEAKER,
  INTERVIEW_CATEGORIES,
  INTERVIEW_MAX_ELAPSED_MS,
  INTERVIEW_MAX_QUESTIONS,
  INTERVIEW_QUESTION_MAX_LENGTH,
  INTERVIEW_TEXT_MAX_TOTAL_LENGTH,
  INTERVIEW_TRANSCRIPT_MAX_ENTRIES,
  INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH,
} from '../interview/constants.js';
import { INTERVIEW_SCORE_MAX, INTERVIEW_SCORE_MIN } from '../interview/score-scale.js';
import {
  EXPERIENCE_MONTHS_MAX,
  EXPERIENCE_MONTHS_MIN,
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  PROFILE_DATE_MAX,
  PROFILE_DATE_MIN,
  PROFILE_LIST_MAX_ENTRIES,
  PROFILE_TEXT_LIMITS,
} from '../interview/profile-limits.js';

/*
 * Contracts of the interview endpoints. Messages name the problem only: the server's error handler
 * prefixes the Zod path, so a client reads "professionalExperience.2.toDate: must not be before the From date".
 *
 * Over-long text is refused, not cut. The dashboard's text boxes already stop at the spec's limits
 * (spec section 5: "cut"), so only a client that bypasses them sends more; cutting on the server
 * would drop the end of someone's text without telling anyone, while a 400 naming the field says
 * exactly what to fix. Leading and trailing white space is trimmed before the length is checked, and
 * the invisible characters pasted text brings along (soft hyphen, zero-width space, direction marks:
 * visible-text.ts) are dropped, not refused.
 */

const profileText = (max: number) =>
  z
    .string({ error: requiredOr('must be text') })
    .overwrite(withoutPastedInvisibles)
    .trim()
    .max(max, `must be at most ${max} characters`);

const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.number({ error: requiredOr(message) }).int(message).min(min, message).max(max, message);
};

const profileList = <T extends z.ZodType>(entry: T) =>
  z.array(entry, { error: requiredOr('must be a list') }).max(PROFILE_LIST_MAX_ENTRIES, `must have at most ${PROFILE_LIST_MAX_ENTRIES} entries`);

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Why a profile date is not acceptable, or null when it is. A date is the date picker's
 * 'YYYY-MM-DD' (a real calendar date from 1900 to 2100) or '' for "not given". An empty toDate
 * means the student is still there ("present"); an empty fromDate is simply unknown.
 */
export function profileDateProblem(value: string): string | null {
  if (value === '') return null;
  const match = DATE_PATTERN.exec(value);
  if (!match) return 'must be a date written YYYY-MM-DD, or empty';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'is not a real calendar date';
  }
  if (value < PROFILE_DATE_MIN || value > PROFILE_DATE_MAX) return `must be between ${PROFILE_DATE_MIN} and ${PROFILE_DATE_MAX}`;
  return null;
}

const profileDate = z.string({ error: requiredOr('must be a date written YYYY-MM-DD, or empty') }).superRefine((value, ctx) => {
  const problem = profileDateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** 'from' must not be after 'to' when both are given ('' as toDate is "present", so always later). */
function checkDateOrder(entry: { fromDate: string; toDate: string }, ctx: z.RefinementCtx): void {
  const { fromDate, toDate } = entry;
  if (fromDate === '' || toDate === '' || profileDateProblem(fromDate) || profileDateProblem(toDate)) return;
  if (fromDate > toDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'must not be before the From date' });
}

export const professionalExperienceEntry = z
  .strictObject(
    { companyName: profileText(PROFILE_TEXT_LIMITS.companyName), fromDate: profileDate, toDate: profileDate },
    { error: strictObjectError },
  )
  .superRefine(checkDateOrder);

export const educationEntry = z
  .strictObject(
    { institution: profileText(PROFILE_TEXT_LIMITS.institution), fromDate: profileDate, toDate: profileDate },
    { error: strictObjectError },
  )
  .superRefine(checkDateOrder);

export const certificationEntry = z.strictObject(
  { certification: profileText(PROFILE_TEXT_LIMITS.certification) },
  { error: strictObjectError },
);
export const technicalSkillEntry = z.strictObject({ skill: profileText(PROFILE_TEXT_LIMITS.skill) }, { error: strictObjectError });
export const achievementEntry = z.strictObject(
  { achievement: profileText(PROFILE_TEXT_LIMITS.achievement) },
  { error: strictObjectError },
);

/**
 * The interview profile: body of POST /api/interview/profile and answer of GET. Every field is
 * required (the dashboard always sends the whole form, and a missing field must not silently wipe
 * a saved one); text may be empty and blank list entries are kept: the spec has no required-field
 * checks, and question generation treats blank text as absent.
 */
export const interviewProfile = z.strictObject(
  {
    professionalSummary: profileText(PROFILE_TEXT_LIMITS.professionalSummary),
    experienceYears: wholeNumber(EXPERIENCE_YEARS_MIN, EXPERIENCE_YEARS_MAX),
    experienceMonths: wholeNumber(EXPERIENCE_MONTHS_MIN, EXPERIENCE_MONTHS_MAX),
    profile: profileText(PROFILE_TEXT_LIMITS.profile),
    coreCompetence: profileText(PROFILE_TEXT_LIMITS.coreCompetence),
    skills: profileText(PROFILE_TEXT_LIMITS.skills),
    professionalExperience: profileList(professionalExperienceEntry),
    education: profileList(educationEntry),
    certifications: profileList(certificationEntry),
    technicalSkills: profileList(technicalSkillEntry),
    achievements: profileList(achievementEntry),
  },
  { error: strictObjectError },
);
export type InterviewProfile = z.infer<typeof interviewProfile>;
export type ProfessionalExperienceEntry = z.infer<typeof professionalExperienceEntry>;
export type EducationEntry = z.infer<typeof educationEntry>;

/**
 * What GET /api/interview/profile answers for a student who has never saved one. A new object on
 * every call, so no caller can change another's lists.
 */
export function emptyInterviewProfile(): InterviewProfile {
  return {
    professionalSummary: '',
    experienceYears: 0,
    experienceMonths: 0,
    profile: '',
    coreCompetence: '',
    skills: '',
    professionalExperience: [],
    education: [],
    certifications: [],
    technicalSkills: [],
    achievements: [],
  };
}

const score = z
  .number({ error: requiredOr(`must be a number from ${INTERVIEW_SCORE_MIN} to ${INTERVIEW_SCORE_MAX}`) })
  .min(INTERVIEW_SCORE_MIN, `must be at least ${INTERVIEW_SCORE_MIN}`)
  .max(INTERVIEW_SCORE_MAX, `must be at most ${INTERVIEW_SCORE_MAX}`);

/** Interview attempt scores (spec section 3), each 0-9; overall is a whole number. */
export const interviewScores = z.strictObject(
  { communication: score, confidence: score, relevance: score, clarity: score, overall: score.int('must be a whole number') },
  { error: strictObjectError },
);
export type InterviewScores = z.infer<typeof interviewScores>;

const elapsedMs = wholeNumber(0, INTERVIEW_MAX_ELAPSED_MS);

/**
 * One asked question and its answer. Beyond the spec's { question, answer, timestamp }:
 * questionId and category (the generated question's, spec section 3) and the answer's mean speech
 * recognizer confidence (0..1; null or absent when the recognizer reports none), because the
 * server recomputes relevance and clarity from exactly these.
 */
export const interviewSessionQuestion = z.strictObject(
  {
    questionId: wholeNumber(1, INTERVIEW_MAX_QUESTIONS),
    question: z
      .string({ error: requiredOr('must be text') })
      .min(1, 'must not be empty')
      .max(INTERVIEW_QUESTION_MAX_LENGTH, `must be at most ${INTERVIEW_QUESTION_MAX_LENGTH} characters`),
    category: z.enum(INTERVIEW_CATEGORIES, { error: requiredOr(`must be one of ${INTERVIEW_CATEGORIES.join(', ')}`) }),
    /** The recognised text; '' (or the spec's 'No response recorded') when nothing was said. */
    answer: z
      .string({ error: requiredOr('must be text') })
      .max(INTERVIEW_ANSWER_MAX_LENGTH, `must be at most ${INTERVIEW_ANSWER_MAX_LENGTH} characters`),
    /** Elapsed ms since the interview started. */
    timestamp: elapsedMs,
    confidence: z.number({ error: 'must be a number from 0 to 1, or null' }).min(0, 'must be at least 0').max(1, 'must be at most 1').nullable().optional(),
    /**
     * Where the answer lies on the recording (ms of audio recorded before it started and when it was
     * saved): the recording pauses between answers, so the interview's clock does not place it.
     */
    recordingStartMs: elapsedMs.optional(),
    recordingEndMs: elapsedMs.optional(),
  },
  { error: strictObjectError },
);
export type InterviewSessionQuestion = z.infer<typeof interviewSessionQuestion>;

export const interviewTranscriptEntry = z.strictObject(
  {
    speaker: z.literal(INTERVIEW_CANDIDATE_SPEAKER, { error: `must be "${INTERVIEW_CANDIDATE_SPEAKER}"` }),
    text: z
      .string({ error: requiredOr('must be text') })
      .max(INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH, `must be at most ${INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH} characters`),
    timestamp: elapsedMs,
  },
  { error: strictObjectError },
);
export type InterviewTranscriptEntry = z.infer<typeof interviewTranscriptEntry>;

export const interviewSessionData = z.strictObject(
  {
    questions: z
      .array(interviewSessionQuestion, { error: requiredOr('must be a list') })
      .min(1, 'must have at least 1 question')
      .max(INTERVIEW_MAX_QUESTIONS, `must have at most ${INTERVIEW_MAX_QUESTIONS} questions`)
      .superRefine((questions, ctx) => {
        questions.forEach((entry, index) => {
          const previous = questions[index - 1];
          if (previous && entry.questionId <= previous.questionId) {
            ctx.addIssue({ code: 'custom', path: [index, 'questionId'], message: 'must be greater than the previous question\'s questionId' });
          }
        });
      }),
    transcript: z
      .array(interviewTranscriptEntry, { error: requiredOr('must be a list') })
      .max(INTERVIEW_TRANSCRIPT_MAX_ENTRIES, `must have at most ${INTERVIEW_TRANSCRIPT_MAX_ENTRIES} entries`),
    /** What the client showed; the server recomputes and stores its own from `questions`. */
    scores: interviewScores,
    /** Milliseconds from start to completion. */
    duration: elapsedMs,
    completedAt: z.iso.datetime({ offset: true, error: requiredOr('must be an ISO date and time') }),
    /** Answers were recorded without speech recognition: no scores are estimated, the teacher gives them. */
    noTranscript: z.boolean().optional(),
    /** True when the device's recorder gave no audio at all (no recording will be uploaded). */
    noRecording: z.boolean().optional(),
  },
  { error: strictObjectError },
).refine(
  ({ questions, transcript }) =>
    questions.reduce((sum, entry) => sum + entry.question.length + entry.answer.length, 0) + transcript.reduce((sum, entry) => sum + entry.text.length, 0) <=
    INTERVIEW_TEXT_MAX_TOTAL_LENGTH,
  {
    message: `questions, answers and transcript hold more than ${INTERVIEW_TEXT_MAX_TOTAL_LENGTH.toLocaleString('en-US')} characters together, more than a 30-minute interview's speech`,
  },
);
export type InterviewSessionData = z.infer<typeof interviewSessionData>;

/**
 * Body of POST /api/interview-sessions. attemptId is made by the client (a random UUID,
 * src/client/lib/uuid.ts) once per interview, so a retried save cannot store the attempt twice.
 * studentId is the spec's field and is accepted for compatibility but never trusted: the student
 * comes from the session.
 */
export const saveInterviewSessionBody = z.strictObject(
  {
    attemptId: z.uuid({ error: requiredOr('must be a UUID') }),
    studentId: z
      .number({ error: 'must be a student id' })
      .int('must be a student id')
      .min(1, 'must be a student id')
      .max(2_147_483_647, 'must be a student id')
      .optional(),
    sessionData: interviewSessionData,
  },
  { error: strictObjectError },
);
export type SaveInterviewSessionBody = z.infer<typeof saveInterviewSessionBody>;

/** Answer of POST /api/interview-sessions: the stored attempt with the scores the server computed. */
export const interviewSessionSaved = z.object({
  attemptId: z.uuid(),
  /** Null when there is nothing the server scores: too little speech, or no transcript (the teacher scores it). */
  scores: interviewScores.nullable(),
  alreadySaved: z.boolean(),
  /** False when there was too little speech to score, or no transcript (then `scores` is null). */
  assessable: z.boolean().optional(),
});
export type InterviewSessionSaved = z.infer<typeof interviewSessionSaved>;
