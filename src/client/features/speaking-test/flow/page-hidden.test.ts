/* Leaving the test's page mid-question (a call, another app, the screen locked): the question is held until Continue. */
import { describe, expect, it } from 'vitest';
import { PAGE_HIDDEN_MESSAGE } from './machine.js';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, speakTexts, types } from './test-helpers.js';

/** Desktop with recognition, listening to Part 1 question 1 from t=2 500. */
function listeningToFirst(options: { recognition?: boolean } = {}): Driver {
  const d = new Driver('desktop', 0, options);
  d.start(0);
  d.speechDone(2_000);
  d.timer(2_500, 'afterQuestion');
  return d;
}

describe('the page hidden during a question', () => {
  it('holds the answer being given: its clocks stop, nothing is saved, nothing moves while away', () => {
    const d = listeningToFirst();
    d.send(3_000, { type: 'FINAL', text: 'I live in' });
    const out = d.send(3_500, { type: 'PAGE_HIDDEN' });
    expect(types(out)).toEqual(['cancel:afterQuestion', 'cancel:silenceCheck', 'cancel:afterRecognitionEnd', 'cancel:answerLimit', 'cancel:androidFallbackTick', 'stopListening']);
    expect(out.some((c) => c.type === 'stopRecording')).toBe(false);
    expect(selectScreen(d.state).failure).toMatchObject({ code: 'page-hidden', message: PAGE_HIDDEN_MESSAGE, during: 'question' });
    // Away for a minute: the phone ends recognition, stale timers fire, the answer's limit passes.
    expect(d.send(4_000, { type: 'RECOGNITION_ENDED' })).toEqual([]);
    expect(d.timer(6_500, 'silenceCheck')).toEqual([]);
    expect(d.timer(62_500, 'answerLimit')).toEqual([]);
    expect(d.state.answers).toEqual([]);
    expect(d.state.phase).toBe('recognitionFailed');
  });

  it('Continue asks the same question again, and the answer is saved once, transcribed', () => {
    const d = listeningToFirst();
    d.send(3_500, { type: 'PAGE_HIDDEN' });
    expect(speakTexts(d.send(70_000, { type: 'RESUME_TEST' }))).toEqual([QUESTIONS.part1[0]]);
    expect(d.state.failure).toBeNull();
    d.speechDone(72_000);
    expect(types(d.timer(72_500, 'afterQuestion'))).toContain('startListening');
    d.send(73_000, { type: 'FINAL', text: 'I live in Pune' });
    expect(speakTexts(d.timer(76_000, 'silenceCheck'))).toEqual([QUESTIONS.part1[1]]);
    expect(d.state.answers).toHaveLength(1);
    expect(d.state.answers[0]).toMatchObject({ questionNumber: 1, answer: 'I live in Pune' });
    expect(d.state.transcription).toBe('live');
  });

  it('without recognition, Continue keeps answers ending on silence (it does not turn recognition on)', () => {
    const d = listeningToFirst({ recognition: false });
    expect(d.state.transcription).toBe('off');
    d.send(3_500, { type: 'PAGE_HIDDEN' });
    expect(d.state.phase).toBe('recognitionFailed');
    d.send(10_000, { type: 'RESUME_TEST' });
    expect(d.state.transcription).toBe('off');
    d.speechDone(12_000);
    expect(types(d.timer(12_500, 'afterQuestion'))).not.toContain('startListening');
  });

  it('while the examiner asks, the line cut off is asked again on Continue and its late end is ignored', () => {
    const d = new Driver('desktop');
    d.start(0);
    const asking = d.state.speechId;
    expect(d.state.phase).toBe('asking');
    d.send(1_000, { type: 'PAGE_HIDDEN' });
    expect(d.state.phase).toBe('recognitionFailed');
    expect(d.send(2_000, { type: 'SPEECH_DONE', id: asking ?? '', outcome: 'ended' })).toEqual([]);
    expect(speakTexts(d.send(30_000, { type: 'RESUME_TEST' }))).toEqual([QUESTIONS.part1[0]]);
    expect(d.state.phase).toBe('asking');
  });

  it('in Part 2 the speaking clock stops and goes on from where it was', () => {
    const d = new Driver('desktop');
    d.start(0);
    d.state = { ...d.state, stage: 'part2', phase: 'part2Announcement', speechId: 'a' };
    d.send(1_000, { type: 'SPEECH_DONE', id: 'a', outcome: 'ended' });
    for (let k = 1; k <= 60; k += 1) d.timer(1_000 + k * 1_000, 'prepTick');
    for (let k = 1; k <= 30; k += 1) d.timer(61_000 + k * 1_000, 'speakTick');
    expect(types(d.send(91_500, { type: 'PAGE_HIDDEN' }))).toContain('cancel:speakTick');
    expect(d.state.failure?.during).toBe('part2');
    expect(d.timer(92_000, 'speakTick')).toEqual([]);
    expect(types(d.send(150_000, { type: 'RESUME_TEST' }))).toEqual(['startListening', 'schedule:speakTick:1000']);
    expect(d.state.countdownSeconds).toBe(90);
  });

  it("in Part 2 the time held is saved on the recording and is not the student's speaking time", () => {
    const d = new Driver('desktop');
    d.start(0);
    const startedAt = d.state.startedAt ?? Number.NaN;
    d.state = { ...d.state, stage: 'part2', phase: 'part2Announcement', speechId: 'a' };
    d.send(1_000, { type: 'SPEECH_DONE', id: 'a', outcome: 'ended' });
    for (let k = 1; k <= 60; k += 1) d.timer(1_000 + k * 1_000, 'prepTick');
    d.send(65_000, { type: 'FINAL', text: 'I went to Goa' });
    for (let k = 1; k <= 30; k += 1) d.timer(61_000 + k * 1_000, 'speakTick');
    d.send(91_500, { type: 'PAGE_HIDDEN' });
    d.send(150_000, { type: 'RESUME_TEST' });
    d.send(155_000, { type: 'FINAL', text: 'with my family' });
    for (let k = 1; k <= 90; k += 1) d.timer(150_000 + k * 1_000, 'speakTick');
    d.timer(240_100, 'handOff');
    const saved = d.state.answers.at(-1);
    expect(saved).toMatchObject({ part: 2, recordingStartMs: 61_000 - startedAt, recordingEndMs: 240_100 - startedAt, recordingHeldMs: [{ startMs: 91_500 - startedAt, endMs: 150_000 - startedAt }] });
    // From the first words (65 s) to the last (155 s), less the 58.5 s held.
    expect(saved?.speakingTimeMs).toBe(90_000 - 58_500);
  });

  it('outside a question (setup, preparation, the results) it changes nothing', () => {
    const d = new Driver('desktop');
    expect(d.send(100, { type: 'PAGE_HIDDEN' })).toEqual([]);
    d.start(0);
    d.state = { ...d.state, stage: 'part2', phase: 'part2Preparation', countdownSeconds: 40 };
    expect(d.send(5_000, { type: 'PAGE_HIDDEN' })).toEqual([]);
    expect(d.state.phase).toBe('part2Preparation');
    // Continue with nothing held does nothing either.
    expect(d.send(6_000, { type: 'RESUME_TEST' })).toEqual([]);
  });
});
