/* SPEC.md section 4, 'Android behaviour' (flow/android.ts). */
import { describe, expect, it } from 'vitest';
import { answerKey, createRepeatFilter, RESPONSE_COMPLETED_NOTE } from './machine.js';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, reachListening, speakTexts, types } from './test-helpers.js';

describe('Android', () => {
  it('hides the transcript, restarts recognition 3 times, then counts down 3 s and moves on', () => {
    const d = new Driver('android');
    d.start(0);
    const at = reachListening(d, 2_000);
    d.send(at + 500, { type: 'INTERIM', text: 'hello' });
    expect(selectScreen(d.state).showTranscript).toBe(false);
    expect(selectScreen(d.state).transcript).toBe('');
    for (let k = 1; k <= 3; k++) expect(types(d.send(at + k * 1_000, { type: 'RECOGNITION_ENDED' }))).toEqual(['startListening']);
    expect(types(d.send(at + 4_000, { type: 'RECOGNITION_ENDED' }))).toEqual(['cancel:silenceCheck', 'schedule:androidFallbackTick:1000']);
    const notes = selectScreen(d.state).notes;
    expect(notes[0]).toMatch(/live transcription is unavailable/i);
    expect(notes[1]).toBe('Continue speaking... 3 seconds remaining');
    expect(types(d.timer(at + 5_000, 'androidFallbackTick'))).toEqual(['schedule:androidFallbackTick:1000']);
    expect(selectScreen(d.state).notes).toContain('Continue speaking... 2 seconds remaining');
    d.timer(at + 6_000, 'androidFallbackTick');
    expect(selectScreen(d.state).notes).toContain('Continue speaking... 1 second remaining');
    expect(d.state.answers).toHaveLength(0);
    const done = d.timer(at + 7_000, 'androidFallbackTick');
    expect(speakTexts(done)).toEqual([QUESTIONS.part1[1]]);
    expect(d.state.answers[0]?.answer).toBe('hello');
    expect(selectScreen(d.state).notes).toEqual([RESPONSE_COMPLETED_NOTE]);
    // The note clears when the next answer opens.
    reachListening(d, at + 9_000);
    expect(selectScreen(d.state).notes).toEqual([]);
  });

  it('does not use the 2 s after-recognition-end rule', () => {
    const d = new Driver('android');
    d.start(0);
    const at = reachListening(d, 2_000);
    d.send(at + 100, { type: 'RECOGNITION_ENDED' });
    expect(d.timer(at + 2_100, 'afterRecognitionEnd')).toEqual([]);
    expect(d.state.answers).toHaveLength(0);
  });
});

describe('Android repeats across recognition restarts of one answer', () => {
  it('drops a final re-sent after a restart and keeps only the new words of a final that repeats the answer so far', () => {
    const filter = createRepeatFilter();
    expect(filter.accept('1-1', 'My name is Asha')).toBe('My name is Asha');
    // Recognition restarted: Android sends the earlier words again, then with new ones.
    expect(filter.accept('1-1', 'my name is Asha')).toBe('');
    expect(filter.accept('1-1', 'My name is Asha and I live in Pune')).toBe('and I live in Pune');
    // The next answer starts afresh: the same words count again.
    expect(filter.accept('1-2', 'My name is Asha')).toBe('My name is Asha');
  });
});

describe('Android repeats when a question is asked again', () => {
  /** What the edge passes on of a final: Android's finals go through the repeat filter under the answer's key. */
  function hear(d: Driver, filter: ReturnType<typeof createRepeatFilter>, now: number, text: string) {
    const kept = filter.accept(answerKey(d.state), text);
    if (kept) d.send(now, { type: 'FINAL', text: kept });
  }

  it.each([
    ['the phone slept and the student chose Continue', (d: Driver, at: number) => [d.send(at, { type: 'PAGE_HIDDEN' }), d.send(at + 30_000, { type: 'RESUME_TEST' })]],
    ['recognition failed and the student chose Try again', (d: Driver, at: number) => [d.send(at, { type: 'RECOGNITION_ERROR', code: 'network', message: '' }), d.send(at + 30_000, { type: 'RETRY_RECOGNITION' })]],
    ['the student asked to hear the question again', (d: Driver, at: number) => [d.send(at, { type: 'REPEAT_QUESTION' })]],
  ])('keeps the words of the answer given after %s, when it starts as the dropped one did', (_, askAgain) => {
    const d = new Driver('android');
    const filter = createRepeatFilter();
    d.start(0);
    const at = reachListening(d, 2_000);
    hear(d, filter, at + 1_000, 'In the morning I');
    askAgain(d, at + 2_000);
    // The interrupted words were dropped with the answer; the question is asked again.
    const again = reachListening(d, at + 40_000);
    hear(d, filter, again + 1_000, 'In the morning I drink tea and read the newspaper');
    d.send(again + 2_000, { type: 'FINISH_ANSWER' });
    expect(d.state.answers[0]?.answer).toBe('In the morning I drink tea and read the newspaper');
  });

  it('still drops what Android re-sends after Part 2 goes on from a pause (the long turn keeps what was said)', () => {
    const d = new Driver('android');
    const filter = createRepeatFilter();
    d.state = { ...d.state, stage: 'part2', phase: 'part2Preparation', countdownSeconds: 1 };
    d.timer(1_000, 'prepTick');
    hear(d, filter, 2_000, 'I want to talk about a trip to Goa');
    d.send(3_000, { type: 'PAGE_HIDDEN' });
    d.send(20_000, { type: 'RESUME_TEST' });
    hear(d, filter, 21_000, 'I want to talk about a trip to Goa with my friends');
    expect(d.state.answer?.finals.map((final) => final.text)).toEqual(['I want to talk about a trip to Goa', 'with my friends']);
  });
});
