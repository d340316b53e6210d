import { describe, expect, it } from 'vitest';
import type { AlignedWord } from './align.js';
import { MIN_PAUSE_MS, type Segment } from './features.js';
import { speechWithWords, WORD_END_REACH_MS } from './word-evidence.js';

/** A word the aligner put at `startMs`-`endMs`. */
const word = (startMs: number, endMs: number): AlignedWord => ({ word: 'w', startMs, endMs, confidence: 1, syllables: 1, aligned: { startMs, endMs } });
const stretch = (startMs: number, endMs: number): Segment => ({ startMs, endMs });

describe('speechWithWords', () => {
  it('ends a stretch where the aligner ends the word running past it, within reach', () => {
    const speech = speechWithWords([stretch(0, 1000), stretch(3000, 4000)], [[word(800, 1000 + WORD_END_REACH_MS)]]);
    expect(speech).toEqual([stretch(0, 1000 + WORD_END_REACH_MS), stretch(3000, 4000)]);
  });

  it('leaves a stretch alone when the word runs further than the reach, or too near the next stretch', () => {
    expect(speechWithWords([stretch(0, 1000), stretch(3000, 4000)], [[word(800, 1000 + WORD_END_REACH_MS + 1)]])).toEqual([stretch(0, 1000), stretch(3000, 4000)]);
    const next = 1100 + MIN_PAUSE_MS - 1;
    expect(speechWithWords([stretch(0, 1000), stretch(next, 4000)], [[word(800, 1100)]])).toEqual([stretch(0, 1000), stretch(next, 4000)]);
  });

  it('extends the last stretch a word covers, not the first one it starts in', () => {
    // The word starts in the first stretch, covers a short second one and runs 100 ms past its end;
    // the silence it covers is then not a pause either.
    const speech = speechWithWords([stretch(0, 500), stretch(600, 700), stretch(2000, 2500)], [[word(400, 800)]]);
    expect(speech).toEqual([stretch(0, 800), stretch(2000, 2500)]);
  });

  it('joins two stretches when one answer holds words across the silence between them', () => {
    const answer = [word(0, 900), word(950, 1400), word(1450, 2000)];
    expect(speechWithWords([stretch(0, 900), stretch(1300, 2000)], [answer])).toEqual([stretch(0, 2000)]);
  });

  it('keeps a silence the words leave uncovered for MIN_PAUSE_MS or more, and any silence between answers', () => {
    const gapped = [word(0, 900), word(900 + MIN_PAUSE_MS, 2000)];
    expect(speechWithWords([stretch(0, 900), stretch(1300, 2000)], [gapped])).toEqual([stretch(0, 900), stretch(1300, 2000)]);
    const twoAnswers = [[word(0, 900)], [word(1300, 2000)]];
    expect(speechWithWords([stretch(0, 900), stretch(1300, 2000)], twoAnswers)).toEqual([stretch(0, 900), stretch(1300, 2000)]);
  });

  it('takes the words in time order whatever order the answers give them in', () => {
    const answer = [word(1450, 2000), word(0, 900), word(950, 1400)];
    expect(speechWithWords([stretch(0, 900), stretch(1300, 2000)], [answer])).toEqual([stretch(0, 2000)]);
  });
});
