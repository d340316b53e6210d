/*
 * "I've finished my answer" (FINISH_ANSWER, parts-1-and-3.ts): the student ends a Part 1/3 answer
 * without waiting for the pause, which in a noisy room without recognition may never come.
 */
import { describe, expect, it } from 'vitest';
import { selectScreen } from './selectors.js';
import { CANCEL_ANSWER_TIMERS, Driver, QUESTIONS, reachListening, speakTexts, types } from './test-helpers.js';

describe("speaking test: I've finished my answer", () => {
  it('ends the answer being listened to: recognition stops, its timers go, the next question is asked', () => {
    const d = new Driver('desktop');
    d.start(0);
    reachListening(d, 2_000);
    d.send(3_000, { type: 'FINAL', text: 'My name is Asha' });
    d.send(3_500, { type: 'INTERIM', text: 'and I live in Pune' });
    expect(selectScreen(d.state).canFinish).toBe(true);
    const out = d.send(4_000, { type: 'FINISH_ANSWER' });
    expect(types(out).slice(0, 1 + CANCEL_ANSWER_TIMERS.length)).toEqual(['stopListening', ...CANCEL_ANSWER_TIMERS]);
    expect(speakTexts(out)).toEqual([QUESTIONS.part1[1]]);
    // What was heard is the answer, the words still on their way (interim) included.
    expect(d.state.answers).toEqual([expect.objectContaining({ questionNumber: 1, answer: expect.stringContaining('and I live in Pune') })]);
    expect(d.state.answers[0]?.answer).toContain('My name is Asha');
    expect(selectScreen(d.state).canFinish).toBe(false);
  });

  it('without recognition, in a room that never falls silent, ends the answer with the sound heard up to the press', () => {
    const d = new Driver('desktop', 0, { recognition: false });
    d.start(0);
    d.speechDone(2_000);
    d.timer(2_500, 'afterQuestion');
    expect(d.state).toMatchObject({ phase: 'answering', transcription: 'off' });
    d.send(3_120, { type: 'VOICE', speaking: true, at: 3_000 });
    // The level stays "speaking": no silence check can end it.
    for (let t = 3_000; t <= 20_000; t += 500) expect(d.timer(t, 'silenceCheck').some((c) => c.type === 'speak')).toBe(false);
    expect(d.state.answers).toEqual([]);
    d.send(21_000, { type: 'FINISH_ANSWER' });
    expect(d.state.answers).toEqual([expect.objectContaining({ questionNumber: 1, responseTimeMs: 1_000, speakingTimeMs: 18_000 })]);
    expect(d.state.questionIndex).toBe(1);
  });

  it('is offered only while a Part 1/3 answer is listened to, and does nothing otherwise', () => {
    const d = new Driver('desktop');
    d.start(0);
    // The examiner is still asking.
    expect(selectScreen(d.state).canFinish).toBe(false);
    expect(d.send(1_000, { type: 'FINISH_ANSWER' })).toEqual([]);
    d.speechDone(2_000);
    // The half second before listening.
    expect(selectScreen(d.state).canFinish).toBe(false);
    expect(d.send(2_200, { type: 'FINISH_ANSWER' })).toEqual([]);
    expect(d.state.answers).toEqual([]);
    // Part 2's long turn runs on its own timer.
    d.state = { ...d.state, stage: 'part2', phase: 'part2Speaking' };
    expect(selectScreen(d.state).canFinish).toBe(false);
    expect(d.send(3_000, { type: 'FINISH_ANSWER' })).toEqual([]);
  });
});
