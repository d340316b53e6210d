import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { amendedText, AttemptResult } from './AttemptResult';

/* "Your result" on the student's attempt page: why there is no estimate, in the student's words. */

/** Only what the section reads: the rest of the detail does not matter here. */
const detail = (fields: Partial<AttemptDetail>): AttemptDetail =>
  ({ kind: 'interview', overall: null, nothingToScore: false, awaitingTeacher: false, release: null, scores: null, ...fields }) as AttemptDetail;

const textOf = (value: AttemptDetail) =>
  renderToStaticMarkup(
    <MantineProvider>
      <AttemptResult detail={value} />
    </MantineProvider>,
  )
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'");

describe('AttemptResult', () => {
  it('nothing to score: tells the student to retake, in the second person', () => {
    const text = textOf(detail({ nothingToScore: true }));
    expect(text).toBe('There is nothing to score: your answers were not transcribed and your device made no recording. Retake the interview, in Chrome on a computer or an Android phone if you can.');
  });

  it('awaiting the teacher: no estimate because not transcribed, not "too little speech"', () => {
    const text = textOf(detail({ kind: 'ielts', awaitingTeacher: true }));
    expect(text).toContain('your teacher will score this test.');
    expect(text).not.toContain('too little speech');
  });

  it('too little speech and an estimate, as before', () => {
    expect(textOf(detail({}))).toContain('none (too little speech to assess)');
    expect(textOf(detail({ overall: 6 }))).toContain('overall score 6');
  });

  it('an estimate from a short test says so where the result is given, as the card on My progress does', () => {
    const test = (overall: number, wordCount: number, criteria: Array<{ criterion: string; base: number }> = []) =>
      ({ kind: 'ielts', assessable: true, overall, nothingToScore: false, awaitingTeacher: false, release: null, scores: null, analysis: { metrics: { wordCount }, criteria } }) as unknown as AttemptDetail;
    expect(textOf(test(3, 70))).toContain('overall band 3.0 (from only 70 words: a rough guide).');
    expect(textOf(test(5, 900))).toContain('overall band 5.0.');
    // Not a test the earlier fixed rules scored: their note says what to make of it, as on its card.
    const earlier = [{ criterion: 'fluency', base: 5 }, { criterion: 'vocabulary', base: 5 }, { criterion: 'grammar', base: 6 }];
    expect(textOf(test(5, 70, earlier))).toContain('overall band 5.0.');
  });

  it('a review released again says when it was first released and which bands changed', () => {
    // The date is shown in the school's time zone, read from the page: no page here, so the default.
    vi.stubGlobal('document', { querySelector: () => null });
    const first = { firstReleasedAt: '2026-11-15T13:00:00.000Z', earlierScores: { fluency: 5, vocabulary: 5.5, grammar: 5, pronunciation: 5.5, overall: 5.25 } };
    const now = { fluency: 6, vocabulary: 5.5, grammar: 5, pronunciation: 5.5, overall: 5.5 };
    expect(amendedText('ielts', first, now)).toMatch(/^Your teacher changed this review after first releasing it on 15 Nov 2026, \d\d:\d\d: Fluency 5\.0 → 6\.0\.$/);
    expect(amendedText('ielts', first, { ...now, fluency: 5, overall: 5.25 })).toMatch(/; the bands did not change\.$/);
    expect(amendedText('interview', { firstReleasedAt: first.firstReleasedAt, earlierScores: { communication: 5, confidence: 7, relevance: 6, clarity: 6, overall: 6 } }, { communication: 7, confidence: 7, relevance: 6, clarity: 6, overall: 7 })).toMatch(
      /: Communication 5 → 7, Overall 6 → 7\.$/,
    );
    const released = {
      kind: 'ielts',
      overall: 3.5,
      scores: null,
      release: { comment: null, scores: now, releasedAt: '2026-12-06T13:00:00.000Z', releasedByUsername: null, releasedByName: null, amended: first },
    } as unknown as AttemptDetail;
    expect(textOf(released)).toContain('Fluency 5.0 → 6.0');
    vi.unstubAllGlobals();
  });
});
