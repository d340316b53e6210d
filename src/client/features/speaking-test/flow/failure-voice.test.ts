/*
 * Sound heard when speech recognition fails (recognition.ts, answer-capture.ts): the failure screen
 * ignores the microphone's level, so the sound open at the failure is closed there, and listening
 * resumes from what the microphone hears at that moment. The time on the failure screen is never
 * speech time.
 */
import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer.js';
import { NO_SPEECH_TIMEOUT_MS, SILENCE_CHECK_INTERVAL_MS, SILENCE_TO_END_ANSWER_MS } from '../../../../shared/speaking-test/constants.js';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, reachListening, speakTexts } from './test-helpers.js';

const SPEAKING_FROM = 61_000;
const FAILED_AT = 91_500;
const RESUMED_AT = 100_000;

/** Part 2's long turn with recognition: the student speaks from 65 s and is still speaking when recognition fails at 91.5 s. */
function failedWhileSpeaking(): Driver {
  const d = new Driver('desktop');
  d.start(0);
  d.state = { ...d.state, stage: 'part2', phase: 'part2Announcement', speechId: 'a' };
  d.send(1_000, { type: 'SPEECH_DONE', id: 'a', outcome: 'ended' });
  for (let k = 1; k <= 60; k += 1) d.timer(1_000 + k * 1_000, 'prepTick');
  expect(d.state.phase).toBe('part2Speaking');
  d.send(65_120, { type: 'VOICE', speaking: true, at: 65_000 });
  d.send(65_200, { type: 'FIRST_SPEECH', at: 65_000 });
  for (let k = 1; k <= 30; k += 1) d.timer(SPEAKING_FROM + k * 1_000, 'speakTick');
  d.send(91_200, { type: 'FINAL', text: 'I went to Goa with my family', at: 91_000 });
  d.send(FAILED_AT, { type: 'RECOGNITION_ERROR', code: 'network', message: 'network' });
  expect(d.state.phase).toBe('recognitionFailed');
  // The student stops while the failure screen shows: that end is not heard as the answer's.
  d.send(93_400, { type: 'VOICE', speaking: false, at: 93_000 });
  expect(selectScreen(d.state).part2SpokenSeconds).toBe(26);
  return d;
}

/** The rest of the long turn (90 s on its clock, held during the failure) and the hand-off: the saved Part 2 answer. */
function finishLongTurn(d: Driver): SpeakingTestAnswer | undefined {
  for (let k = 1; k <= 90; k += 1) d.timer(RESUMED_AT + k * 1_000, 'speakTick');
  d.timer(RESUMED_AT + 90_100, 'handOff');
  return d.state.answers.find((a) => a.part === 2);
}

describe('speaking test: Part 2, speaking when recognition fails', () => {
  it.each(['RETRY_RECOGNITION', 'CONTINUE_WITHOUT_TRANSCRIPT'] as const)(
    'after %s in silence, the time spoken stays what was heard before the failure',
    (resume) => {
      const d = failedWhileSpeaking();
      d.send(RESUMED_AT, { type: resume });
      expect(d.state.phase).toBe('part2Speaking');
      expect(d.state.answer).toMatchObject({ voiceSince: null, voiceCarried: false });
      d.timer(RESUMED_AT + 10_000, 'speakTick');
      expect(selectScreen(d.state).part2SpokenSeconds).toBe(26);
    },
  );

  it('speech after resuming adds to it, and nothing of the failure screen', () => {
    const d = failedWhileSpeaking();
    d.send(RESUMED_AT, { type: 'CONTINUE_WITHOUT_TRANSCRIPT' });
    d.send(105_120, { type: 'VOICE', speaking: true, at: 105_000 });
    d.send(110_400, { type: 'VOICE', speaking: false, at: 110_000 });
    d.timer(111_000, 'speakTick');
    expect(selectScreen(d.state).part2SpokenSeconds).toBe(31);
  });

  it('without recognition afterwards and silent to the end, the saved answer ends with the last words before the failure', () => {
    const d = failedWhileSpeaking();
    d.send(RESUMED_AT, { type: 'CONTINUE_WITHOUT_TRANSCRIPT' });
    expect(finishLongTurn(d)).toMatchObject({ answer: 'I went to Goa with my family', responseTimeMs: 4_000, speakingTimeMs: 26_000 });
  });

  it('a student still speaking when listening resumes is heard from then, once the sound has lasted 1 s', () => {
    const d = failedWhileSpeaking();
    d.send(99_120, { type: 'VOICE', speaking: true, at: 99_000 });
    d.send(RESUMED_AT, { type: 'CONTINUE_WITHOUT_TRANSCRIPT' });
    expect(d.state.answer).toMatchObject({ voiceSince: RESUMED_AT, voiceCarried: true });
    d.send(103_400, { type: 'VOICE', speaking: false, at: 103_000 });
    d.timer(104_000, 'speakTick');
    expect(selectScreen(d.state).part2SpokenSeconds).toBe(29);
  });
});

describe('speaking test: Parts 1 and 3, speaking when recognition fails', () => {
  it('the question is asked again and, without recognition, its answer ends on 3 s of silence', () => {
    const d = new Driver('desktop');
    d.start(0);
    const listen = reachListening(d, 2_000);
    d.send(listen + 1_120, { type: 'VOICE', speaking: true, at: listen + 1_000 });
    d.send(listen + 2_000, { type: 'RECOGNITION_ERROR', code: 'network', message: 'network' });
    d.send(listen + 4_400, { type: 'VOICE', speaking: false, at: listen + 4_000 });
    d.send(10_000, { type: 'CONTINUE_WITHOUT_TRANSCRIPT' });
    d.speechDone(12_000);
    d.timer(12_500, 'afterQuestion');
    expect(d.state.answer).toMatchObject({ voiceSince: null, voiceCarried: false });
    d.send(14_120, { type: 'VOICE', speaking: true, at: 14_000 });
    d.send(16_400, { type: 'VOICE', speaking: false, at: 16_000 });
    let next: string[] = [];
    let at = 12_500;
    while (next.length === 0 && at < 12_500 + NO_SPEECH_TIMEOUT_MS) {
      at += SILENCE_CHECK_INTERVAL_MS;
      next = speakTexts(d.timer(at, 'silenceCheck'));
    }
    expect(at).toBe(16_000 + SILENCE_TO_END_ANSWER_MS);
    expect(next).toEqual([QUESTIONS.part1[1]]);
    expect(d.state.answers[0]).toMatchObject({ questionNumber: 1, responseTimeMs: 2_000, speakingTimeMs: 2_000 });
  });
});
