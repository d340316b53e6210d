import { describe, expect, it } from 'vitest';
import * as c from './constants.js';
import * as lines from './examiner-lines.js';

// The spec's values, written out again so a changed constant fails here.
describe('speaking-test constants (SPEC.md sections 4 and 9)', () => {
  it('keeps the timings', () => {
    expect({
      prep: c.PART2_PREPARATION_MS,
      speak: c.PART2_SPEAKING_MS,
      handoff: c.PART2_ANSWER_HANDOFF_DELAY_MS,
      silence: c.SILENCE_TO_END_ANSWER_MS,
      check: c.SILENCE_CHECK_INTERVAL_MS,
      listen: c.LISTEN_DELAY_AFTER_QUESTION_MS,
      recognitionEnd: c.RECOGNITION_END_DELAY_MS,
      android: c.ANDROID_FALLBACK_COUNTDOWN_MS,
      restarts: c.ANDROID_MAX_RECOGNITION_RESTARTS,
      part3: c.PART3_INTRO_WAIT_MS,
      mic: c.MICROPHONE_AUTO_REQUEST_DELAY_MS,
      apple: c.APPLE_RECORDING_CHECK_DELAY_MS,
      chunk: c.RECORDING_CHUNK_INTERVAL_MS,
      timeout: c.POST_TEST_SESSION_TIMEOUT_MS,
      redirect: c.SESSION_EXPIRED_REDIRECT_DELAY_MS,
    }).toEqual({
      prep: 60_000,
      speak: 120_000,
      handoff: 100,
      silence: 3_000,
      check: 500,
      listen: 500,
      recognitionEnd: 2_000,
      android: 3_000,
      restarts: 3,
      part3: 1_000,
      mic: 1_000,
      apple: 5_000,
      chunk: 1_000,
      timeout: 300_000,
      redirect: 2_000,
    });
  });

  it('keeps the voices and the examiner lines', () => {
    expect(c.EXAMINER_VOICE).toEqual({ lang: 'en-IN', rate: 0.8, pitch: 1.2 });
    expect(c.EXAMINER_VOICE_ANDROID).toEqual({ lang: 'en-US', rate: 0.9, pitch: 1 });
    expect(c.RECOGNITION_LANG_MOBILE).toBe('en-US');
    expect(lines.PART3_INTRO_TEXT).toBe('Now we move on to Part 3');
    expect(lines.PART2_ANNOUNCEMENT_TEXT).toBe('Now you have 1 minute to think on the cue card and 2 minutes to answer.');
    expect(lines.CLOSING_TEXT).not.toBe('');
    expect(c.PART_TITLES).toEqual({ 1: 'Introduction & Interview', 2: 'Cue Card', 3: 'Discussion' });
  });

  it('keeps the timeline figures, with 136 s for Part 2', () => {
    expect([
      c.TIMELINE_MS_PER_CHARACTER,
      c.TIMELINE_MIN_QUESTION_MS,
      c.TIMELINE_MIN_ANSWER_MS,
      c.TIMELINE_TURN_GAP_MS,
      c.TIMELINE_CUE_CARD_MS,
      c.TIMELINE_PART2_ANSWER_MS,
      c.TIMELINE_PART2_RESERVED_MS,
    ]).toEqual([100, 3_000, 2_000, 1_000, 15_000, 120_000, 136_000]);
  });

  it('keeps the scoring bases and the assessability thresholds', () => {
    expect([c.FLUENCY_BASE_BAND, c.VOCABULARY_BASE_BAND, c.GRAMMAR_BASE_BAND, c.PRONUNCIATION_BASE_BAND]).toEqual([5, 5, 6, 6.5]);
    expect([c.BAND_MIN, c.BAND_MAX]).toEqual([1, 9]);
    expect([c.MIN_ASSESSABLE_WORDS, c.PART2_MIN_SPEAKING_MS, c.MIN_AVERAGE_WORDS_PER_ANSWER]).toEqual([50, 60_000, 8]);
  });
});
