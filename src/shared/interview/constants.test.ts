import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import * as profileLimits from './profile-limits.js';
import * as answerTexts from './answer-texts.js';
import * as scoreScale from './score-scale.js';

describe('interview constants keep the spec\'s values', () => {
  it('categories (section 3)', () => {
    expect(constants.INTERVIEW_CATEGORIES).toEqual([
      'Introduction', 'Strengths', 'Weaknesses', 'Motivation', 'Career Goals', 'Experience', 'Projects', 'Pressure', 'Skills',
      'Learning', 'Competence', 'Leadership', 'Technical', 'Education', 'Achievements', 'Success', 'Questions', 'Closing',
    ]);
  });

  it('question counts add up to the maximum of 20 (section 9)', () => {
    const groups = Object.values(constants.INTERVIEW_GROUP_QUESTION_COUNTS).reduce((sum, n) => sum + n, 0);
    expect(constants.INTERVIEW_INTRODUCTION_QUESTION_COUNT + groups + constants.INTERVIEW_CLOSING_QUESTION_COUNT).toBe(20);
    expect(constants.INTERVIEW_MAX_QUESTIONS).toBe(20);
  });

  it('timings in ms, limits and texts (sections 2, 4, 5, 9)', () => {
    expect(constants).toMatchObject({
      INTERVIEW_TIME_LIMIT_MS: 1_800_000,
      INTERVIEW_AUTO_ADVANCE_MS: 8_000,
      INTERVIEW_NEXT_QUESTION_DELAY_MS: 1_500,
      INTERVIEW_FIRST_QUESTION_DELAY_MS: 3_000,
      INTERVIEW_RECOGNITION_RESTART_MS: 1_000,
      INTERVIEW_RECORDING_START_DELAY_MS: 500,
      INTERVIEW_SPEECH_LANG: 'en-IN',
      INTERVIEW_SPEECH_RATE: 0.9,
      INTERVIEW_SPEECH_PITCH: 1.1,
      INTERVIEW_LEAVE_CONFIRMATION: 'Are you sure you want to leave? This will end your interview session.',
      INTERVIEW_TRANSCRIPT_FILE_NAME_PATTERN: 'interview-transcript-{date}.txt',
      INTERVIEW_AUDIO_FILE_NAME_PATTERN: 'interview-audio-{date}.wav',
    });
    expect(answerTexts.NO_RESPONSE_TEXT).toBe('No response recorded');
    expect(scoreScale).toMatchObject({ INTERVIEW_SCORE_MIN: 0, INTERVIEW_SCORE_MAX: 9, COMMUNICATION_FULL_MARKS_WORDS_PER_ANSWER: 50, CONFIDENCE_FULL_MARKS_TOTAL_WORDS: 1000 });
    expect(profileLimits).toMatchObject({ PROFILE_LIST_MAX_ENTRIES: 10, EXPERIENCE_YEARS_MAX: 99, EXPERIENCE_MONTHS_MAX: 11 });
    expect(profileLimits.PROFILE_TEXT_LIMITS).toEqual({
      professionalSummary: 500, profile: 100, coreCompetence: 100, skills: 200,
      companyName: 100, institution: 100, certification: 100, skill: 100, achievement: 100,
    });
  });
});
