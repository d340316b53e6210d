import { roundToHalfBand } from '../speaking-test/overall.js';

/*
 * What every part of the teacher's view of saved attempts shares: the kinds, their criteria, their labels and bands.
 * No Zod here (the pages that only show bands import this without the contracts' library; decision 0023).
 */

export const ATTEMPT_KINDS = ['ielts', 'interview'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

export const IELTS_CRITERIA = ['fluency', 'vocabulary', 'grammar', 'pronunciation'] as const;
export const INTERVIEW_CRITERIA = ['communication', 'confidence', 'relevance', 'clarity'] as const;
export type IeltsCriterion = (typeof IELTS_CRITERIA)[number];
export type InterviewCriterion = (typeof INTERVIEW_CRITERIA)[number];
export type AttemptCriterion = IeltsCriterion | InterviewCriterion;

export const CRITERIA_OF: { readonly [K in AttemptKind]: readonly AttemptCriterion[] } = {
  ielts: IELTS_CRITERIA,
  interview: INTERVIEW_CRITERIA,
};

export const CRITERION_LABELS: Record<AttemptCriterion, string> = {
  fluency: 'Fluency',
  vocabulary: 'Vocabulary',
  grammar: 'Grammar',
  pronunciation: 'Pronunciation',
  communication: 'Communication',
  confidence: 'Confidence',
  relevance: 'Relevance',
  clarity: 'Clarity',
};

/** What a kind of attempt is called on screen and in file names. */
export const KIND_LABELS: Record<AttemptKind, { tab: string; attempt: string; dateColumn: string; file: string }> = {
  ielts: { tab: 'IELTS Attempts', attempt: 'IELTS attempt', dateColumn: 'Test Date', file: 'ielts-attempts' },
  interview: { tab: 'Interview Attempts', attempt: 'Interview attempt', dateColumn: 'Interview Date', file: 'interview-attempts' },
};

/** A band per criterion and an overall; null where none is set (teacher) or none could be given. */
export type Bands = Partial<Record<AttemptCriterion | 'overall', number | null>>;

/**
 * A band as the lists, the review page and the export show it: IELTS to the nearest half band with
 * one decimal ("6.5", "7.0"), as the test's results show it; interview scores as stored, to one
 * decimal, and a whole overall as a whole number.
 */
export function bandText(kind: AttemptKind, value: number): string {
  if (kind === 'ielts') return roundToHalfBand(value).toFixed(1);
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
