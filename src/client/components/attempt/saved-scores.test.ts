import { describe, expect, it } from 'vitest';
import type { OutboxStatus } from '../../lib/outbox';
import { savedScoresNote, type ScoreLabels } from './saved-scores';

const LABELS: ScoreLabels<'overall' | 'communication' | 'confidence' | 'relevance' | 'clarity'> = [
  ['overall', 'Overall'],
  ['communication', 'Communication'],
  ['confidence', 'Confidence'],
  ['relevance', 'Relevance'],
  ['clarity', 'Clarity'],
];
const SHOWN = { overall: 5, communication: 4.21, confidence: 2.2, relevance: 6.75, clarity: 5.5 };
const saved = (scores: unknown): OutboxStatus => ({ state: 'saved', result: { attemptId: '2b5c1f9e-3f8a-4d6e-9a8b-1c2d3e4f5a6b', scores, alreadySaved: false }, recordingError: null });

describe('savedScoresNote: the results say what the server saved when it differs', () => {
  it('says nothing while saving, or when the saved scores read as the shown ones', () => {
    expect(savedScoresNote('interview', { state: 'unknown' }, SHOWN, LABELS)).toBeNull();
    expect(savedScoresNote('interview', saved({ ...SHOWN, communication: 4.24 }), SHOWN, LABELS)).toBeNull();
    expect(savedScoresNote('ielts', saved({ overall: 5.9, fluency: 6.1 }), { overall: 6.1, fluency: 5.9 }, [['overall', 'Overall'], ['fluency', 'Fluency']])).toBeNull();
  });

  it('lists the saved scores when one reads differently (a profile changed mid-interview: other questions)', () => {
    expect(savedScoresNote('interview', saved({ ...SHOWN, relevance: 3.5, overall: 4 }), SHOWN, LABELS)).toBe(
      "Saved with different scores: Overall 4, Communication 4.2, Confidence 2.2, Relevance 3.5, Clarity 5.5. The school's server scored your answers again and got these: something changed while this page was open (the app was updated, or your profile, and with it the questions). Your teacher and My progress show the saved one.",
    );
    expect(savedScoresNote('ielts', saved({ overall: 6.4, fluency: 6.1 }), { overall: 6.1, fluency: 6.1 }, [['overall', 'Overall'], ['fluency', 'Fluency']])).toMatch(
      /^Saved with different scores: Overall 6\.5, Fluency 6\.0\. .* \(the app was updated\)\. Your teacher/,
    );
  });

  it('says when the server saved no scores where the page showed some, and the other way round', () => {
    expect(savedScoresNote('interview', saved(null), SHOWN, LABELS)).toBe(
      "Your attempt was saved without scores: the school's server found too little in it to score. Your teacher and My progress show the saved one.",
    );
    expect(savedScoresNote('interview', saved(null), null, LABELS)).toBeNull();
    expect(savedScoresNote('interview', saved(SHOWN), null, LABELS)).toMatch(/^Saved with different scores: Overall 5, .* and found enough to score:/);
  });

  it('says nothing when the answer holds no scores it can read', () => {
    expect(savedScoresNote('interview', { state: 'saved', result: null, recordingError: null }, SHOWN, LABELS)).toBeNull();
    expect(savedScoresNote('interview', saved({ overall: 5 }), SHOWN, LABELS)).toBeNull();
  });
});
