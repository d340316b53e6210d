/*
 * Answers in which nothing was heard (unheard.ts): two in a row, and the student is told once that
 * the microphone may be muted; a word or a voice between them starts the count again; demo mode,
 * which has no microphone, is never told.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_TIME_LIMIT_MS, NO_SPEECH_TIMEOUT_MS } from '../../../../shared/speaking-test/constants.js';
import { Driver, reachListening, types } from './test-helpers.js';
import { UNHEARD_TOAST } from './unheard.js';

/** The titles of the toasts now waiting to be shown. */
const toastTitles = (d: Driver) => d.state.toasts.map((toast) => toast.title);

/** Without recognition: the next question's speech ends at `at`; the answer ends unheard, or after `voice` ms of voice. */
function answerWithoutRecognition(d: Driver, at: number, voice = 0): number {
  expect(types(d.speechDone(at))).toEqual(['schedule:afterQuestion:500']);
  const listen = at + 500;
  expect(types(d.timer(listen, 'afterQuestion'))).toEqual(['schedule:silenceCheck:500', `schedule:answerLimit:${ANSWER_TIME_LIMIT_MS[1]}`]);
  if (voice > 0) {
    d.send(listen + 200, { type: 'VOICE', speaking: true, at: listen + 100 });
    d.send(listen + 100 + voice + 400, { type: 'VOICE', speaking: false, at: listen + 100 + voice });
  }
  const end = voice > 0 ? listen + 100 + voice + 3_000 : listen + NO_SPEECH_TIMEOUT_MS;
  const answers = d.state.answers.length;
  d.timer(end, 'silenceCheck');
  expect(d.state.answers).toHaveLength(answers + 1);
  return end + 2_000;
}

describe('speaking test: answers in which nothing was heard', () => {
  it('two in a row: the student is told once, in the toast, and not again at the third', () => {
    const d = new Driver('desktop', 0, { recognition: false });
    d.start(10_000);
    let at = answerWithoutRecognition(d, 13_000);
    expect(toastTitles(d)).toEqual([]);
    at = answerWithoutRecognition(d, at);
    expect(d.state.toasts).toEqual([{ id: 1, ...UNHEARD_TOAST, variant: 'destructive' }]);
    d.send(at, { type: 'TOAST_SHOWN', id: 1 });
    answerWithoutRecognition(d, at + 1_000);
    expect(d.state).toMatchObject({ toasts: [], unheardRun: 3, unheardTold: true });
  });

  it('a voice in the microphone between them starts the count again', () => {
    const d = new Driver('desktop', 0, { recognition: false });
    d.start(10_000);
    let at = answerWithoutRecognition(d, 13_000);
    at = answerWithoutRecognition(d, at, 2_000);
    at = answerWithoutRecognition(d, at);
    expect(toastTitles(d)).toEqual([]);
    expect(d.state.unheardRun).toBe(1);
    answerWithoutRecognition(d, at);
    expect(toastTitles(d)).toEqual([UNHEARD_TOAST.title]);
  });

  it("with recognition, a recogniser's words count as heard though the level gate heard no voice (a quiet voice)", () => {
    const d = new Driver('desktop', 0);
    d.start(10_000);
    let listen = reachListening(d, 13_000);
    d.send(listen + 1_000, { type: 'FINAL', text: 'my name is Asha', confidence: 0.9 });
    d.timer(listen + ANSWER_TIME_LIMIT_MS[1], 'answerLimit');
    listen = reachListening(d, listen + ANSWER_TIME_LIMIT_MS[1] + 2_000);
    d.timer(listen + ANSWER_TIME_LIMIT_MS[1], 'answerLimit');
    expect(d.state.answers.map((answer) => answer.answer)).toEqual(['my name is Asha', '']);
    expect(toastTitles(d)).toEqual([]);
    listen = reachListening(d, listen + ANSWER_TIME_LIMIT_MS[1] + 2_000);
    d.timer(listen + ANSWER_TIME_LIMIT_MS[1], 'answerLimit');
    expect(toastTitles(d)).toEqual([UNHEARD_TOAST.title]);
  });

  it('demo mode, which has no microphone, is never told', () => {
    const d = new Driver('desktop', 0, { recognition: false });
    d.timer(1_000, 'micAutoRequest');
    d.send(1_500, { type: 'MIC_DENIED', message: 'Microphone access issue. No microphone was found.' });
    d.send(2_000, { type: 'DEMO_MODE' });
    d.send(10_000, { type: 'START_TEST' });
    expect(d.state.stage).toBe('part1');
    let at = answerWithoutRecognition(d, 13_000);
    at = answerWithoutRecognition(d, at);
    answerWithoutRecognition(d, at);
    expect(toastTitles(d)).toEqual([]);
  });
});
