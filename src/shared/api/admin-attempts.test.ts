import { describe, expect, it } from 'vitest';
import { attemptsQuery, bandText, calendarDateProblem, missingBands, nothingToScoreText, releaseBandsProblem, reviewBody, teacherOverall } from './admin-attempts.js';

describe('teacherOverall', () => {
  it('is the unrounded mean for IELTS once all four bands are set', () => {
    expect(teacherOverall('ielts', { fluency: 6.5, vocabulary: 7, grammar: 6, pronunciation: 7 })).toBe(6.625);
    expect(teacherOverall('ielts', { fluency: 6.5, vocabulary: 7, grammar: null, pronunciation: 7 })).toBeNull();
    expect(teacherOverall('ielts', { fluency: 6.5 })).toBeNull();
  });

  it('is the rounded mean for an interview', () => {
    expect(teacherOverall('interview', { communication: 6.5, confidence: 7, relevance: 7, clarity: 7 })).toBe(7);
    expect(teacherOverall('interview', { communication: 6, confidence: 6, relevance: 6, clarity: 8 })).toBe(7);
    expect(teacherOverall('interview', { communication: 6, confidence: 6, relevance: 6, clarity: 7 })).toBe(6);
    // Bands of the other kind do not count.
    expect(teacherOverall('interview', { fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 6 })).toBeNull();
  });
});

describe('releasing needs every band of the kind', () => {
  it('names the missing criteria in the form order, or none', () => {
    expect(missingBands('ielts', { fluency: 8, grammar: null })).toEqual(['vocabulary', 'grammar', 'pronunciation']);
    expect(missingBands('ielts', null)).toEqual(['fluency', 'vocabulary', 'grammar', 'pronunciation']);
    expect(releaseBandsProblem('ielts', { fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 0 })).toBeNull();
    expect(releaseBandsProblem('ielts', { fluency: 8, vocabulary: 6, grammar: 6 })).toBe(
      "Set the Pronunciation band before releasing: the student's overall band is the mean of the four.",
    );
    expect(releaseBandsProblem('interview', { communication: 7 })).toBe(
      "Set the Confidence, Relevance and Clarity scores before releasing: the student's overall score is the rounded mean of the four.",
    );
  });
});

describe('nothingToScoreText', () => {
  it("names what the student is to retake, in the teacher's words", () => {
    expect(nothingToScoreText('test')).toBe(
      "There is nothing to score: the answers were not transcribed and the student's device made no recording. Ask the student to retake the test, in Chrome on a computer or an Android phone if they can.",
    );
    expect(nothingToScoreText('interview')).toBe(
      "There is nothing to score: the answers were not transcribed and the student's device made no recording. Ask the student to retake the interview, in Chrome on a computer or an Android phone if they can.",
    );
  });
});

describe('bandText', () => {
  it('shows IELTS to the nearest half band and interview scores to one decimal', () => {
    expect(bandText('ielts', 6.125)).toBe('6.0');
    expect(bandText('ielts', 6.25)).toBe('6.5');
    expect(bandText('ielts', 6.625)).toBe('6.5');
    expect(bandText('ielts', 6.75)).toBe('7.0');
    expect(bandText('interview', 5.44)).toBe('5.4');
    expect(bandText('interview', 7)).toBe('7');
    expect(bandText('interview', 0.16)).toBe('0.2');
  });
});

describe('the date filter', () => {
  it.each([
    ['2026-03-01', null],
    ['2028-02-29', null],
    ['2026-02-29', 'is not a real calendar date'],
    ['2026-04-31', 'is not a real calendar date'],
    ['2026-3-1', 'must be a date written YYYY-MM-DD'],
    ['0026-03-01', 'must be a date from 1970 to 2999'],
    ['', 'must be a date written YYYY-MM-DD'],
  ])('%j: %s', (value, problem) => {
    expect(calendarDateProblem(value)).toBe(problem);
  });

  it('defaults to page 1 of 10 for every date, newest first', () => {
    expect(attemptsQuery.parse({})).toEqual({ page: 1, limit: 10, date: '', sort: 'newest' });
    expect(attemptsQuery.parse({ page: '3', limit: '25', date: ' 2026-03-01 ', sort: 'band-high' })).toEqual({ page: 3, limit: 25, date: '2026-03-01', sort: 'band-high' });
    expect(attemptsQuery.safeParse({ sort: 'loudest' }).success).toBe(false);
  });
});

describe('the review body', () => {
  it('takes a comment and half-step bands or null', () => {
    expect(reviewBody.parse({ comment: '', scores: { fluency: 6.5, grammar: null }, version: 4 })).toEqual({ comment: '', scores: { fluency: 6.5, grammar: null }, version: 4 });
    // The version the review was made from is required: without it a save could overwrite a change unseen.
    expect(reviewBody.safeParse({ comment: '', scores: { fluency: 6.5 } }).success).toBe(false);
    expect(reviewBody.safeParse({ comment: '', scores: {}, version: 1.5 }).success).toBe(false);
    expect(reviewBody.safeParse({ comment: '', scores: { fluency: 6.25 }, version: 0 }).success).toBe(false);
    expect(reviewBody.safeParse({ comment: '', scores: { fluency: '7' }, version: 0 }).success).toBe(false);
    expect(reviewBody.safeParse({ comment: '', scores: {}, extra: true, version: 0 }).success).toBe(false);
  });
});
