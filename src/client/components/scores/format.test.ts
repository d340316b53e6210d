import { describe, expect, it } from 'vitest';
import { fluencyAudioFigures, fluencySourceNote, formatPercent, formatSeconds } from './format';

describe('figures for people', () => {
  it('shows percentages with a decimal only under 10%', () => {
    expect(formatPercent(0.033)).toBe('3.3%');
    expect(formatPercent(0.39)).toBe('39%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('shows seconds with one decimal', () => {
    expect(formatSeconds(1234)).toBe('1.2 s');
    expect(formatSeconds(0)).toBe('0.0 s');
  });
});

describe("Fluency's note: where its speed came from (decision 0019)", () => {
  const text = { wordsPerMinute: 150, fillerRatio: 0, responseTimeMs: 1500 };
  const audio = { speechRateSps: 3.6, meanLengthOfRunSyllables: 9, fillerRatio: 0, responseTimeMs: 1500, wordsPerMinute: 150.4, transcriptTimingBand: 6 };

  it('names the recording and what the transcript timing gave before', () => {
    expect(fluencyAudioFigures(audio)).toEqual({ speechRateSps: 3.6, meanLengthOfRunSyllables: 9, transcriptTimingBand: 6, wordsPerMinute: 150.4 });
    expect(fluencySourceNote(audio, 7, 'done')).toBe("Speed measured in the recording: was 6.0 from the transcript's timing (150 words a minute), now 7.0 from the speech rate and pauses.");
    expect(fluencySourceNote(audio, 6, 'done')).toBe('Speed measured in the recording: shown as evidence only. The band comes from the transcript until recordings graded by trained raters can check these figures.');
  });

  it('says the transcript timing was used otherwise, and why', () => {
    expect(fluencyAudioFigures(text)).toBeNull();
    expect(fluencySourceNote(text, 6, 'pending')).toMatch(/^Estimated from the transcript: .*The recording is being analysed/);
    expect(fluencySourceNote(text, 6, 'failed')).toBe('Estimated from the transcript: how long the answers are, how much is said between linking words, and the linking words. The recording could not be analysed.');
    expect(fluencySourceNote(text, 6, null)).toBe('Estimated from the transcript: how long the answers are, how much is said between linking words, and the linking words. No recording was analysed.');
    expect(fluencySourceNote(text, 6, undefined)).toBe('Estimated from the transcript: how long the answers are, how much is said between linking words, and the linking words.');
  });
});
