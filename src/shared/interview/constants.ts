/**
 * Every constant of the mock interview (SPEC.md sections 2, 3, 4, 5 and 9), in one place.
 * Times are in milliseconds and say so in their names.
 */

/** Question categories (spec section 3). Every generated question carries one of these. */
export const INTERVIEW_CATEGORIES = [
  'Introduction',
  'Strengths',
  'Weaknesses',
  'Motivation',
  'Career Goals',
  'Experience',
  'Projects',
  'Pressure',
  'Skills',
  'Learning',
  'Competence',
  'Leadership',
  'Technical',
  'Education',
  'Achievements',
  'Success',
  'Questions',
  'Closing',
] as const;
export type InterviewCategory = (typeof INTERVIEW_CATEGORIES)[number];

// Question counts (spec section 9).
export const INTERVIEW_MAX_QUESTIONS = 20;
export const INTERVIEW_INTRODUCTION_QUESTION_COUNT = 5;
export const INTERVIEW_CLOSING_QUESTION_COUNT = 2;
/** Questions per conditional group, in the order the groups are asked. */
export const INTERVIEW_GROUP_QUESTION_COUNTS = {
  experience: 3,
  skills: 2,
  coreCompetence: 2,
  technicalSkill: 2,
  education: 2,
  achievements: 2,
} as const;

/** Longest student name inserted into a question (the student record allows no longer name). */
export const QUESTION_STUDENT_NAME_MAX_LENGTH = 100;

// Simulator timing (spec sections 4 and 9).
export const INTERVIEW_TIME_LIMIT_MS = 1_800_000;
/** Countdown after each final speech result; on expiry the next question follows. */
export const INTERVIEW_AUTO_ADVANCE_MS = 8_000;
export const INTERVIEW_NEXT_QUESTION_DELAY_MS = 1_500;
/** Between the spoken greeting and the first question. */
export const INTERVIEW_FIRST_QUESTION_DELAY_MS = 3_000;
/** Recognition restarts this long after it ends while still listening. */
export const INTERVIEW_RECOGNITION_RESTART_MS = 1_000;
/** Audio recording starts this long after a question has been spoken. */
export const INTERVIEW_RECORDING_START_DELAY_MS = 500;

// Speech (spec sections 7 and 9).
export const INTERVIEW_SPEECH_LANG = 'en-IN';
export const INTERVIEW_RECOGNITION_LANG = 'en-IN';
export const INTERVIEW_SPEECH_RATE = 0.9;
export const INTERVIEW_SPEECH_PITCH = 1.1;
/** A voice whose name contains this (case-insensitive) is preferred. */
export const INTERVIEW_PREFERRED_VOICE_NAME = 'female';

// Texts that appear in more than one place.
export const INTERVIEW_LEAVE_CONFIRMATION = 'Are you sure you want to leave? This will end your interview session.';
/** What the completed view says instead of scores when answers were not transcribed. */
export const INTERVIEW_NO_TRANSCRIPT_TEXT = 'Your answers were recorded without a transcript: your teacher will score them.';
/**
 * The welcome view, where the browser cannot transcribe: what the student gets at the end. No
 * transcript; the audio only if this device records, which the recorder check finds out within seconds.
 */
export const INTERVIEW_NO_TRANSCRIPT_END_TEXT =
  'There is no transcript at the end. You get the audio of the interview if this device records it: if it does not, you are told within seconds of your first answer.';
/** What the completed view (and the stored report) says when the answers were neither transcribed nor recorded. */
export const INTERVIEW_NO_RECORDING_TEXT =
  'No recording was made on this device: your answers cannot be scored. Use Chrome on a computer or an Android phone if you can, or retake the interview.';
/** Without recognition, this much silence after speech counts as a final result (the speaking test's 3 s). */
export const INTERVIEW_ANSWER_SILENCE_MS = 3_000;
/** The only speaker of interview transcript entries (spec section 3). */
export const INTERVIEW_CANDIDATE_SPEAKER = 'Candidate';

// Downloads (spec section 9); `{date}` is the local calendar date, YYYY-MM-DD.
export const INTERVIEW_TRANSCRIPT_FILE_NAME_PATTERN = 'interview-transcript-{date}.txt';
export const INTERVIEW_AUDIO_FILE_NAME_PATTERN = 'interview-audio-{date}.wav';

// Size limits of the saved session (ours: the spec gives none). Generous for a 30-minute interview.
/** A generated question is at most ~350 characters (fixed text plus inserted profile details). */
export const INTERVIEW_QUESTION_MAX_LENGTH = 1000;
/** About 6 minutes of continuous speech: far beyond one answer's worth. */
export const INTERVIEW_ANSWER_MAX_LENGTH = 5000;
export const INTERVIEW_TRANSCRIPT_TEXT_MAX_LENGTH = 5000;
/** One entry per final speech result, one every few seconds, is a few hundred in 30 minutes. */
export const INTERVIEW_TRANSCRIPT_MAX_ENTRIES = 1000;
/**
 * The questions', answers' and transcript's text of one saved interview together. Thirty minutes of
 * unbroken speech at a fast 15 characters a second is 27,000 characters, held twice (the answers and
 * the transcript's final results) beside at most 20 questions of about 350: some 61,000. The scoring
 * reads every character on the event loop, and a save within the per-field limits (880 KB) held the
 * server for about 0.2 s.
 */
export const INTERVIEW_TEXT_MAX_TOTAL_LENGTH = 100_000;
/**
 * Longest duration and latest answer timestamp accepted: the time limit plus slack for timers a
 * busy or backgrounded tab runs late.
 */
export const INTERVIEW_MAX_ELAPSED_MS = 2 * INTERVIEW_TIME_LIMIT_MS;
