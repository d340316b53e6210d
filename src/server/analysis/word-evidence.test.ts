import { describe, expect, it } from 'vitest';
import type { AlignedWord } from './align.js';
import { MIN_PAUSE_MS, type Segment, type SoundTrack } from './features.js';
import { finalVoicelessMs } from './final-consonants.js';
import { speechWithWords, WORD_END_REACH_MS } from './word-evidence.js';

/** A word the aligner put at `startMs`-`endMs`. */
const word = (startMs: number, endMs: number, phones: readonly string[] = ['W', 'ER', 'D']): AlignedWord => ({ word: 'w', startMs, endMs, confidence: 1, syllables: 1, phones, aligned: { startMs, endMs } });
const stretch = (startMs: number, endMs: number): Segment => ({ startMs, endMs });
const RIGHT = ['R', 'AY', 'T'];
/** A recording whose voice ends at `voiceEndMs` and whose fricatives' band last sounds up to `fricationEndMs` (or never). */
const sound = (voiceEndMs: number, fricationEndMs: number | null = null, noisy = true): SoundTrack => ({
  noisy,
  lastVoiceEndMs: (fromMs, toMs) => (voiceEndMs >= fromMs && voiceEndMs <= toMs + 10 ? voiceEndMs : null),
  lastFricationEndMs: (fromMs, toMs) => (fricationEndMs !== null && fricationEndMs > fromMs && fricationEndMs <= toMs + 10 ? fricationEndMs : null),
});

describe('speechWithWords: the final voiceless consonants of a word', () => {
  const tail = finalVoicelessMs(RIGHT);

  it('lasts from the end of the voice through their duration by the rules of Klatt when nothing is heard of them', () => {
    const speech = speechWithWords([stretch(0, 950), stretch(3000, 4000)], [[word(600, 950, RIGHT)]], sound(940));
    expect(speech).toEqual([stretch(0, Math.round(940 + tail)), stretch(3000, 4000)]);
  });

  it('reaches on to a release heard in the band of the fricatives, within reach of the end of the voice', () => {
    expect(speechWithWords([stretch(0, 950), stretch(3000, 4000)], [[word(600, 950, RIGHT)]], sound(940, 1130))).toEqual([stretch(0, 1130), stretch(3000, 4000)]);
    // A sound further than the reach is not the word's.
    const far = speechWithWords([stretch(0, 950), stretch(3000, 4000)], [[word(600, 950, RIGHT)]], sound(940, 940 + WORD_END_REACH_MS + 20));
    expect(far[0]?.endMs).toBe(Math.round(940 + tail));
  });

  it('changes nothing where the background is quiet: the level hears the consonants there', () => {
    expect(speechWithWords([stretch(0, 950), stretch(3000, 4000)], [[word(600, 950, RIGHT)]], sound(940, 1130, false))).toEqual([stretch(0, 950), stretch(3000, 4000)]);
  });

  it('never reaches further than WORD_END_REACH_MS past the end of the voice (a long cluster)', () => {
    const texts = ['T', 'EH', 'K', 'S', 'T', 'S'];
    expect(finalVoicelessMs(texts)).toBeGreaterThan(WORD_END_REACH_MS);
    expect(speechWithWords([stretch(0, 950), stretch(3000, 4000)], [[word(600, 950, texts)]], sound(940))).toEqual([stretch(0, 940 + WORD_END_REACH_MS), stretch(3000, 4000)]);
  });

  it('changes nothing for a word ending in a voiced sound, a stretch that already reaches past them, or one too near the next', () => {
    expect(speechWithWords([stretch(0, 950), stretch(3000, 4000)], [[word(600, 950)]], sound(940, 1130))).toEqual([stretch(0, 950), stretch(3000, 4000)]);
    expect(speechWithWords([stretch(0, 1200), stretch(3000, 4000)], [[word(600, 950, RIGHT)]], sound(940))).toEqual([stretch(0, 1200), stretch(3000, 4000)]);
    const next = 940 + Math.round(tail) + MIN_PAUSE_MS - 1;
    expect(speechWithWords([stretch(0, 950), stretch(next, 4000)], [[word(600, 950, RIGHT)]], sound(940))).toEqual([stretch(0, 950), stretch(next, 4000)]);
  });
});

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
