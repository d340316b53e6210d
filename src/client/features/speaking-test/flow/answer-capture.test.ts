/* The saved form of an answer (flow/answer-capture.ts) and the reducer's purity (flow/machine.ts). */
import { describe, expect, it } from 'vitest';
import { finishAnswer, initialState, speakingTestStep } from './machine.js';
import { QUESTIONS } from './test-helpers.js';

describe('finishAnswer', () => {
  it('joins finals with a line break, averages confidences, measures times', () => {
    expect(
      finishAnswer({
        part: 3,
        questionNumber: 4,
        question: 'q',
        questionEndedAt: 1_000,
        finals: [
          { text: 'first', confidence: 0.6 },
          { text: 'second', confidence: 1 },
          { text: 'third' },
        ],
        interim: '',
        firstSpeechAt: 2_250,
        lastSpeechAt: 9_000,
        listening: false,
        recognitionEnds: 0,
        fallbackSecondsLeft: null,
        transcriptionUnavailable: false,
        listenStartedAt: 1_500,
        voiceSince: null,
        voicedMs: 0,
        voiceCarried: false,
        repeated: false,
        held: [],
        heldSince: null,
      }),
    ).toEqual({ part: 3, questionNumber: 4, question: 'q', answer: 'first\nsecond\nthird', responseTimeMs: 1_250, speakingTimeMs: 6_750, confidence: 0.8 });
  });

  it('reducer leaves the previous state untouched', () => {
    const s = initialState({ questions: QUESTIONS, device: 'desktop', now: 0 });
    const copy = structuredClone(s);
    speakingTestStep(s, { type: 'TIMER', timer: 'micAutoRequest', now: 1_000 });
    expect(s).toEqual(copy);
  });
});
