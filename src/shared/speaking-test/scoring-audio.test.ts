import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { FLUENCY_MEAN_LENGTH_OF_RUN_TIERS, FLUENCY_SPEECH_RATE_SPS_TIERS } from './constants.js';
import { audioFluency, scoreFluency, scoreSpeakingTest, type AudioAnswerFigures, type AudioFigures, type AudioFluency } from './scoring.js';

/*
 * Fluency from the recording (decision 0019): speech rate and mean length of run replace
 * words per minute when the recording was analysed; the filler and response-time rules stay.
 */

// Text figures that fire no rule (words per minute would give +0.5 from the text: it must not count).
const quiet = { wordsPerMinute: 100, fillerRatio: 0.03, responseTimeMs: 3000 };
// Audio figures that fire no rule.
const quietAudio: AudioFluency = { speechRateSps: 2.5, meanLengthOfRunSyllables: 6, scope: 'answers' };

function answer(part: 1 | 2 | 3, questionNumber: number, text: string, overrides: Partial<SpeakingTestAnswer> = {}): SpeakingTestAnswer {
  return { part, questionNumber, question: `Question ${questionNumber}?`, answer: text, responseTimeMs: 1000, speakingTimeMs: 10_000, ...overrides };
}
const distinctWords = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
function figures(part: 1 | 2 | 3, questionNumber: number, syllables: number, speakingTimeMs: number, pauseCount: number, meanPauseMs: number): AudioAnswerFigures {
  return { part, questionNumber, syllables, speakingTimeMs, pauses: { count: pauseCount, meanMs: meanPauseMs } };
}

describe('the audio tiers', () => {
  it('keep the words-per-minute budget: +1.5 at best, -1 at worst', () => {
    const best = Math.max(...FLUENCY_SPEECH_RATE_SPS_TIERS.map((t) => t.delta)) + Math.max(...FLUENCY_MEAN_LENGTH_OF_RUN_TIERS.map((t) => t.delta));
    const worst = Math.min(...FLUENCY_SPEECH_RATE_SPS_TIERS.map((t) => t.delta)) + Math.min(...FLUENCY_MEAN_LENGTH_OF_RUN_TIERS.map((t) => t.delta));
    expect([best, worst]).toEqual([1.5, -1]);
  });

  it.each([
    [5, 6],
    [3.51, 6],
    [3.5, 5.5],
    [3.01, 5.5],
    [3, 5],
    [2, 5],
    [1.99, 4.5],
    [0.5, 4.5],
  ])('speech rate %s syllables a second gives %s', (speechRateSps, band) => {
    expect(scoreFluency(quiet, { ...quietAudio, speechRateSps }).band).toBe(band);
  });

  it.each([
    [15, 5.5],
    [8.01, 5.5],
    [8, 5],
    [4, 5],
    [3.99, 4.5],
    [1, 4.5],
  ])('mean length of run %s syllables gives %s', (meanLengthOfRunSyllables, band) => {
    expect(scoreFluency(quiet, { ...quietAudio, meanLengthOfRunSyllables }).band).toBe(band);
  });

  it('replace words per minute; the filler and response-time rules stay', () => {
    const score = scoreFluency({ wordsPerMinute: 160, fillerRatio: 0.11, responseTimeMs: 1000 }, { speechRateSps: 3.2, meanLengthOfRunSyllables: 3, scope: 'answers' });
    expect(score.rules).toEqual([
      { rule: 'speech rate > 3 syll/s', delta: 0.5 },
      { rule: 'length of run < 4 syllables', delta: -0.5 },
      { rule: 'filler ratio > 0.1', delta: -1 },
      { rule: 'response time < 2000 ms', delta: 0.5 },
    ]);
    expect(score.band).toBe(4.5);
    // The text alone: 5 + 1.5 (wpm > 150) - 1 + 0.5 = 6, kept beside the audio figures.
    expect(score.figures).toEqual({ speechRateSps: 3.2, meanLengthOfRunSyllables: 3, fillerRatio: 0.11, responseTimeMs: 1000, wordsPerMinute: 160, transcriptTimingBand: 6 });
    expect(score.audio).toEqual({ speechRateSps: 3.2, meanLengthOfRunSyllables: 3, scope: 'answers' });
  });

  it('span 2.5 to 7, as the text formula does', () => {
    expect(scoreFluency({ wordsPerMinute: 200, fillerRatio: 0.5, responseTimeMs: 9000 }, { speechRateSps: 1, meanLengthOfRunSyllables: 2, scope: 'answers' }).band).toBe(2.5);
    expect(scoreFluency({ wordsPerMinute: 10, fillerRatio: 0, responseTimeMs: 500 }, { speechRateSps: 4.2, meanLengthOfRunSyllables: 12, scope: 'answers' }).band).toBe(7);
  });

  it('advise on the figure that would gain most, naming the recording', () => {
    expect(scoreFluency(quiet, { speechRateSps: 2.9, meanLengthOfRunSyllables: 9, scope: 'answers' }).advice).toBe(
      'Keep talking with fewer and shorter pauses: the recording measured 2.9 syllables a second over your answers, pauses included; more than 3 syllables a second adds half a band.',
    );
    expect(scoreFluency(quiet, { speechRateSps: 3.6, meanLengthOfRunSyllables: 7.5, scope: 'recording' }).advice).toBe(
      'Say more between pauses, in whole phrases: the recording measured 7.5 syllables between pauses on average over the recording; more than 8 syllables adds half a band.',
    );
    expect(scoreFluency({ ...quiet, responseTimeMs: 1000, fillerRatio: 0 }, { speechRateSps: 4, meanLengthOfRunSyllables: 10, scope: 'answers' }).advice).toBe(
      'Nothing in this estimate would raise fluency further: keep this pace, speak in long stretches and keep fillers rare.',
    );
  });
});

describe('audioFluency: which figures are read', () => {
  const counted = [answer(1, 1, distinctWords(30)), answer(1, 2, distinctWords(30, 'v')), answer(3, 1, '')];

  it('sums the counted answers: syllables over speaking spans (speech and the pauses inside) and over runs', () => {
    const audio: AudioFigures = {
      speechRateSps: 1.2,
      meanLengthOfRunSyllables: 3,
      answers: [figures(1, 1, 40, 9_000, 3, 500), figures(1, 2, 50, 12_000, 4, 750), figures(3, 1, 0, 0, 0, 0)],
    };
    // 90 syllables over 10.5 s + 15 s, in 4 + 5 runs.
    expect(audioFluency(audio, counted)).toEqual({ speechRateSps: Number((90 / 25.5).toFixed(2)), meanLengthOfRunSyllables: 10, scope: 'answers' });
  });

  it('uses the whole recording when a counted answer with words was not placed; nothing when neither gives a speed', () => {
    const audio: AudioFigures = { speechRateSps: 2.7, meanLengthOfRunSyllables: 5.5, answers: [figures(1, 1, 40, 9_000, 3, 500)] };
    expect(audioFluency(audio, counted)).toEqual({ speechRateSps: 2.7, meanLengthOfRunSyllables: 5.5, scope: 'recording' });
    expect(audioFluency({ speechRateSps: 2.7, meanLengthOfRunSyllables: 5.5 }, counted)).toMatchObject({ scope: 'recording' });
    expect(audioFluency({ speechRateSps: null, meanLengthOfRunSyllables: null, answers: [] }, counted)).toBeNull();
    expect(audioFluency({ speechRateSps: 0, meanLengthOfRunSyllables: 0, answers: [figures(1, 1, 0, 0, 0, 0), figures(1, 2, 0, 0, 0, 0)] }, counted)).toBeNull();
  });

  it('leaves the non-answers out', () => {
    const answers = [answer(1, 1, distinctWords(60)), answer(1, 2, 'um uh like you know um')];
    // The fillers-only answer was said very slowly, word by word: it must not pull the speed down.
    const audio: AudioFigures = { speechRateSps: 2, meanLengthOfRunSyllables: 4, answers: [figures(1, 1, 80, 20_000, 3, 500), figures(1, 2, 6, 4_000, 5, 1_500)] };
    const result = scoreSpeakingTest(answers, { audio });
    if (!result.assessable) throw new Error('expected bands');
    expect(result.nonAnswers).toHaveLength(1);
    expect(result.criteria.fluency.audio).toEqual({ speechRateSps: Number((80 / 21.5).toFixed(2)), meanLengthOfRunSyllables: 20, scope: 'answers' });
  });
});

describe('scoreSpeakingTest with the recording', () => {
  // 60 different words, 30 s by the browser's clock (120 wpm), 1.5 s to begin.
  const answers = [answer(1, 1, distinctWords(60), { speakingTimeMs: 30_000, responseTimeMs: 1500 })];

  it('without audio gives the same result for no audio, null, or figures that give no speed', () => {
    const text = scoreSpeakingTest(answers);
    expect(scoreSpeakingTest(answers, { audio: null })).toEqual(text);
    expect(scoreSpeakingTest(answers, { audio: { speechRateSps: null, meanLengthOfRunSyllables: null, answers: [] } })).toEqual(text);
    if (!text.assessable) throw new Error('expected bands');
    expect(text.criteria.fluency).not.toHaveProperty('audio');
    expect(text.criteria.fluency.figures).toEqual({ wordsPerMinute: 120, fillerRatio: 0, responseTimeMs: 1500 });
  });

  it("shows a choppy and a fluent recording's speed and pauses as evidence, without weighing them (decision 0030)", () => {
    // Choppy: 90 syllables in 16 s of speech broken by 29 pauses of 0.3 s; fluent: 22 s with 4 pauses of 0.5 s.
    const choppy = scoreSpeakingTest(answers, { audio: { speechRateSps: null, meanLengthOfRunSyllables: null, answers: [figures(1, 1, 90, 16_000, 29, 300)] } });
    const fluent = scoreSpeakingTest(answers, { audio: { speechRateSps: null, meanLengthOfRunSyllables: null, answers: [figures(1, 1, 90, 22_000, 4, 500)] } });
    const text = scoreSpeakingTest(answers);
    if (!choppy.assessable || !fluent.assessable || !text.assessable) throw new Error('expected bands');
    expect(choppy.criteria.fluency.audio).toEqual({ speechRateSps: 3.64, meanLengthOfRunSyllables: 3, scope: 'answers' });
    expect(fluent.criteria.fluency.audio).toEqual({ speechRateSps: 3.75, meanLengthOfRunSyllables: 18, scope: 'answers' });
    expect(fluent.criteria.fluency.figures).toMatchObject({ speechRateSps: 3.75, meanLengthOfRunSyllables: 18, wordsPerMinute: 120, transcriptTimingBand: text.bands.fluency });
    // No rated recordings calibrate them yet: the bands are the transcript's.
    expect(choppy.bands).toEqual(text.bands);
    expect(fluent.bands).toEqual(text.bands);
    expect(fluent.criteria.pronunciation).toEqual(text.criteria.pronunciation);
  });

  it('gives no bands when the text gives none, whatever the recording', () => {
    const result = scoreSpeakingTest([answer(1, 1, distinctWords(20))], { audio: { speechRateSps: 4, meanLengthOfRunSyllables: 10 } });
    expect(result.assessable).toBe(false);
    expect(scoreSpeakingTest(answers, { transcript: false, audio: { speechRateSps: 4, meanLengthOfRunSyllables: 10 } }).assessable).toBe(false);
  });

  it('round-trips through JSON with the analysis as the API gives it', () => {
    const audio: AudioFigures = { speechRateSps: 3.1, meanLengthOfRunSyllables: 6.2, answers: [figures(1, 1, 90, 22_000, 4, 500)] };
    expect(scoreSpeakingTest(answers, { audio: JSON.parse(JSON.stringify(audio)) as AudioFigures })).toEqual(scoreSpeakingTest(answers, { audio }));
  });
});
