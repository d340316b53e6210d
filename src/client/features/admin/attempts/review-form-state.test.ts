import { describe, expect, it } from 'vitest';
import { baseOf, onNewerVersion, sameDraft } from './review-form-state';

/* The review form against a review that changed on the server: follow it, or keep the teacher's own changes. */

const mine = baseOf('ielts', { teacherComment: 'X', teacherScores: { fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 6, overall: 6 }, reviewVersion: 3 });
const hers = baseOf('ielts', { teacherComment: 'RAO: good.', teacherScores: { fluency: 8, vocabulary: null, grammar: null, pronunciation: null, overall: null }, reviewVersion: 4 });

describe('the review form and a newer version of the review', () => {
  it('reads a saved review as the fields hold it, with its version', () => {
    expect(mine).toEqual({ version: 3, comment: 'X', bands: { fluency: '6', vocabulary: '6', grammar: '6', pronunciation: '6' } });
    expect(hers.bands).toEqual({ fluency: '8', vocabulary: '', grammar: '', pronunciation: '' });
    expect(baseOf('interview', { teacherComment: null, teacherScores: null, reviewVersion: 0 })).toEqual({
      version: 0,
      comment: '',
      bands: { communication: '', confidence: '', relevance: '', clarity: '' },
    });
  });

  it('compares reviews as the server stores them: the comment trimmed, every band of the kind', () => {
    expect(sameDraft('ielts', { ...mine, comment: '  X \n' }, mine)).toBe(true);
    expect(sameDraft('ielts', { ...mine, bands: { ...mine.bands, grammar: '6.5' } }, mine)).toBe(false);
    expect(sameDraft('ielts', { ...mine, comment: 'Y' }, mine)).toBe(false);
  });

  it('shows the newer version when the teacher has changed nothing', () => {
    expect(onNewerVersion('ielts', mine, { comment: mine.comment, bands: mine.bands }, hers)).toBe('reset');
  });

  it("keeps the teacher's own changes, and the version they started from, when the review moved on under them", () => {
    const typed = { comment: 'My own words', bands: { ...mine.bands, fluency: '7' } };
    expect(onNewerVersion('ielts', mine, typed, hers)).toBe('stale');
  });

  it('takes the newer version as its own when the fields already say the same (its own save or release)', () => {
    expect(onNewerVersion('ielts', mine, { comment: hers.comment, bands: hers.bands }, hers)).toBe('adopt');
  });
});
