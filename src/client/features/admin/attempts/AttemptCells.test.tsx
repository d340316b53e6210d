import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AttemptListRow } from '../../../../shared/api/admin-attempts';
import { bandsOf, OverallCell, reviewLinkDetail, ReviewState, reviewStateLines, ScoreCell, showsTeacherBand } from './AttemptCells';
import { scoreKeyText } from '../../../../shared/api/admin-attempts-limits';

/* The lists show a teacher's band as released or as a draft, and say who saved or released it. */

const row = (overrides: Partial<AttemptListRow>): AttemptListRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  studentName: 'Asha Rao',
  course: 'IELTS',
  mobileNumber: '+919876543210',
  mobileNumberDisplay: '+91 98765 43210',
  status: 'Activated',
  assessable: true,
  scores: { fluency: 6.5, vocabulary: 6, grammar: 6, pronunciation: 6, overall: 6.125 },
  overall: 6.125,
  teacherScores: null,
  reviewed: false,
  reviewState: 'none',
  releasedScores: null,
  reviewerName: null,
  releasedByName: null,
  createdAt: '2026-11-28T13:12:00Z',
  ...overrides,
});
const when = { date: '28 Nov 2026', time: '18:42' };
/** The words of the markup (Mantine's provider writes its style tags first). */
const text = (markup: string) => markup.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, '');

describe('a teacher band in the attempts list', () => {
  it('marks a band never released as a draft, with who saved it; the student sees the estimate', () => {
    const draft = row({ reviewState: 'draft', reviewed: true, teacherScores: { fluency: 3, overall: null }, reviewerName: 'Ms Rao' });
    expect(bandsOf(draft, 'fluency')).toEqual({ estimate: 6.5, released: null, draft: 3 });
    expect(bandsOf(draft, 'overall')).toEqual({ estimate: 6.125, released: null, draft: null });
    const cell = renderToStaticMarkup(
      <MantineProvider>
        <ScoreCell kind="ielts" {...bandsOf(draft, 'fluency')} />
      </MantineProvider>,
    );
    expect(text(cell)).toBe('6.5 · Draft 3.0estimate 6.5, draft 3.0 not released');
    expect(reviewStateLines(draft)).toEqual([{ label: 'Draft', by: 'Ms Rao', tone: 'draft' }]);
    expect(text(renderToStaticMarkup(<MantineProvider><ReviewState attempt={draft} /></MantineProvider>))).toBe('Draftby Ms Rao');
    expect(reviewLinkDetail(draft, when)).toBe(' the attempt of Asha Rao, 28 Nov 2026 18:42 (draft by Ms Rao, not released)');
  });

  it('shows the released band as the teacher\'s, and a later change beside it as a draft', () => {
    const released = { fluency: 8, vocabulary: 7, grammar: 7, pronunciation: 7, overall: 7.25 };
    const same = row({ reviewState: 'released', reviewed: true, teacherScores: released, releasedScores: released, reviewerName: 'Ms Rao', releasedByName: 'headteacher' });
    expect(bandsOf(same, 'fluency')).toEqual({ estimate: 6.5, released: 8, draft: null });
    expect(reviewLinkDetail(same, when)).toBe(' the attempt of Asha Rao, 28 Nov 2026 18:42 (released by headteacher)');
    const changed = row({ ...same, reviewState: 'changed', teacherScores: { ...released, fluency: 3, overall: 6 } });
    expect(bandsOf(changed, 'fluency')).toEqual({ estimate: 6.5, released: 8, draft: 3 });
    expect(bandsOf(changed, 'vocabulary')).toEqual({ estimate: 6, released: 7, draft: null });
    const cell = renderToStaticMarkup(
      <MantineProvider>
        <ScoreCell kind="ielts" {...bandsOf(changed, 'overall')} />
      </MantineProvider>,
    );
    expect(text(cell)).toBe('6.0 · T 7.5 · Draft 6.0estimate 6.0, teacher 7.5, draft 6.0 not released');
    expect(reviewStateLines(changed)).toEqual([
      { label: 'Released', by: 'headteacher', tone: 'released' },
      { label: 'Draft changes', by: 'Ms Rao', tone: 'draft' },
    ]);
    expect(text(renderToStaticMarkup(<MantineProvider><ReviewState attempt={changed} /></MantineProvider>))).toBe('Releasedby headteacherDraft changesby Ms Rao');
    expect(reviewLinkDetail(changed, when)).toBe(
      ' the attempt of Asha Rao, 28 Nov 2026 18:42 (released by headteacher; draft changes by Ms Rao not released)',
    );
  });

  it('says an attempt with no review saved awaits one, in the review queue\'s words', () => {
    expect(text(renderToStaticMarkup(<MantineProvider><ReviewState attempt={row({})} /></MantineProvider>))).toBe('Awaiting review');
    expect(reviewLinkDetail(row({}), when)).toBe(' the attempt of Asha Rao, 28 Nov 2026 18:42 (awaiting review)');
    // With nothing to score, the overall says what to do (ask for a retake), and the review column nothing.
    expect(text(renderToStaticMarkup(<MantineProvider><ReviewState attempt={row({ nothingToScore: true })} /></MantineProvider>))).toBe('');
    expect(reviewLinkDetail(row({ nothingToScore: true }), when)).toBe(' the attempt of Asha Rao, 28 Nov 2026 18:42');
  });
});

describe('the overall cell of an attempt with no estimate', () => {
  const overall = (attempt: ReturnType<typeof row>) => text(renderToStaticMarkup(<MantineProvider><OverallCell kind="ielts" attempt={attempt} /></MantineProvider>));
  it('says why: too little speech, nothing to score, or the teacher will score it; a released teacher band still shows', () => {
    const quiet = row({ assessable: false, scores: null, overall: null });
    expect(overall(quiet)).toBe('Too little speech for an estimate');
    expect(overall(row({ assessable: false, scores: null, overall: null, nothingToScore: true }))).toBe('Nothing to score: ask for a retake');
    expect(overall(row({ assessable: false, scores: null, overall: null, awaitingTeacher: true }))).toBe('Awaiting teacher&#x27;s bands');
    // An interview has scores, not bands.
    const interviewOverall = text(renderToStaticMarkup(<MantineProvider><OverallCell kind="interview" attempt={row({ assessable: false, scores: null, overall: null, awaitingTeacher: true })} /></MantineProvider>));
    expect(interviewOverall).toBe('Awaiting teacher&#x27;s scores');
    const bands = { fluency: 4, vocabulary: 4, grammar: 4, pronunciation: 4, overall: 4 };
    expect(overall(row({ ...quiet, reviewState: 'released', reviewed: true, teacherScores: bands, releasedScores: bands, releasedByName: 'headteacher' }))).toBe('— · T 4.0no estimate, teacher 4.0');
  });
});

describe("the score cells' key", () => {
  it('is said above a list where a cell shows a teacher band, released or a draft, in the kind\'s noun', () => {
    expect(showsTeacherBand('ielts', row({}))).toBe(false);
    // A draft with only a comment shows no band.
    expect(showsTeacherBand('ielts', row({ reviewState: 'draft', reviewed: true, teacherScores: null }))).toBe(false);
    expect(showsTeacherBand('ielts', row({ reviewState: 'draft', reviewed: true, teacherScores: { fluency: 3, overall: null } }))).toBe(true);
    expect(showsTeacherBand('ielts', row({ reviewState: 'released', reviewed: true, teacherScores: { overall: 7 }, releasedScores: { overall: 7 } }))).toBe(true);
    expect(scoreKeyText('ielts')).toBe(
      "Each band is the automatic estimate. Under it, T is the teacher's band released to the student, and Draft a teacher's band saved but not released.",
    );
    expect(scoreKeyText('interview')).toContain("T is the teacher's score released to the student");
  });
});
