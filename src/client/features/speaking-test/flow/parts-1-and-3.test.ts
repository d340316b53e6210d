/* SPEC.md section 4, 'Parts 1 and 3, per question' (flow/parts-1-and-3.ts). */
import { describe, expect, it } from 'vitest';
import { PART3_INTRO_TEXT } from '../../../../shared/speaking-test/examiner-lines.js';
import { selectScreen } from './selectors.js';
import { CANCEL_ANSWER_TIMERS, Driver, QUESTIONS, reachListening, speakTexts, types } from './test-helpers.js';

describe('Parts 1 and 3: when an answer completes', () => {
  function listening(): { d: Driver; at: number } {
    const d = new Driver();
    d.start(10_000);
    return { d, at: reachListening(d, 13_000) };
  }

  it('completes at exactly 3 s of silence after the last speech, not at 2.5 s', () => {
    const { d, at } = listening(); // listening from 13 500, checks every 500 ms
    expect(types(d.timer(at + 500, 'silenceCheck'))).toEqual(['schedule:silenceCheck:500']);
    d.send(at + 700, { type: 'INTERIM', text: 'well' });
    d.send(at + 1_000, { type: 'FINAL', text: 'well I like it', confidence: 0.7 });
    expect(types(d.timer(at + 3_500, 'silenceCheck'))).toEqual(['schedule:silenceCheck:500']); // 2.5 s
    expect(d.state.answers).toHaveLength(0);
    const done = d.timer(at + 4_000, 'silenceCheck'); // 3 s
    expect(types(done)).toEqual(['stopListening', ...CANCEL_ANSWER_TIMERS, 'speak']);
    expect(speakTexts(done)).toEqual([QUESTIONS.part1[1]]);
    expect(d.state.answers[0]).toMatchObject({ answer: 'well I like it', responseTimeMs: 1_200, speakingTimeMs: 300 });
  });

  it('measures silence from the last interim result too', () => {
    const { d, at } = listening();
    d.send(at + 1_000, { type: 'FINAL', text: 'one' });
    d.send(at + 2_000, { type: 'INTERIM', text: 'two' });
    expect(types(d.timer(at + 4_000, 'silenceCheck'))).toEqual(['schedule:silenceCheck:500']);
    expect(d.timer(at + 5_000, 'silenceCheck')).toContainEqual({ type: 'stopListening' });
    expect(d.state.answers[0]?.answer).toBe('one\ntwo');
  });

  it('never completes on silence before any speech', () => {
    const { d, at } = listening();
    for (let k = 1; k <= 40; k++) expect(types(d.timer(at + k * 500, 'silenceCheck'))).toEqual(['schedule:silenceCheck:500']);
    expect(d.state.phase).toBe('answering');
    expect(d.state.answers).toHaveLength(0);
    // ... until recognition ends: then 2 s later, with an empty answer.
    expect(types(d.send(at + 21_000, { type: 'RECOGNITION_ENDED' }))).toEqual(['cancel:silenceCheck', 'schedule:afterRecognitionEnd:2000']);
    expect(d.state.answers).toHaveLength(0);
    d.timer(at + 23_000, 'afterRecognitionEnd');
    expect(d.state.answers[0]).toEqual({
      part: 1,
      questionNumber: 1,
      question: QUESTIONS.part1[0],
      answer: '',
      responseTimeMs: null,
      speakingTimeMs: 0,
      recordingStartMs: 3_000,
      recordingEndMs: at + 23_000 - 10_000,
    });
  });

  it('completes once when two triggers come in a row', () => {
    const { d, at } = listening();
    d.send(at + 500, { type: 'FINAL', text: 'yes' });
    d.send(at + 1_000, { type: 'RECOGNITION_ENDED' });
    const first = d.timer(at + 3_000, 'afterRecognitionEnd');
    expect(speakTexts(first)).toEqual([QUESTIONS.part1[1]]);
    expect(d.timer(at + 3_000, 'afterRecognitionEnd')).toEqual([]);
    expect(d.timer(at + 3_500, 'silenceCheck')).toEqual([]);
    expect(d.state.answers).toHaveLength(1);
    expect(d.state.questionIndex).toBe(1);
  });

  it('ignores a stale SPEECH_DONE and a cancelled speech', () => {
    const d = new Driver();
    d.start(10_000);
    expect(d.send(11_000, { type: 'SPEECH_DONE', id: 'other', outcome: 'ended' })).toEqual([]);
    expect(d.send(11_000, { type: 'SPEECH_DONE', id: d.speechId, outcome: 'cancelled' })).toEqual([]);
    expect(d.state.phase).toBe('asking');
    expect(types(d.send(12_000, { type: 'SPEECH_DONE', id: d.speechId, outcome: 'watchdog' }))).toEqual(['schedule:afterQuestion:500']);
  });

  it('Part 3 begins with the intro line and a 1 s wait', () => {
    const d = new Driver();
    d.start(0);
    let t = 0;
    for (let i = 0; i < 10; i++) {
      t += 1_000;
      reachListening(d, t);
      d.send(t + 600, { type: 'RECOGNITION_ENDED' });
      t += 2_600;
      d.timer(t, 'afterRecognitionEnd');
    }
    d.speechDone(t + 1);
    d.timer(t + 1_000, 'prepTick');
    for (let k = 1; k <= 60; k++) d.timer(t + k * 1_000, 'prepTick');
    for (let k = 1; k <= 120; k++) d.timer(t + 60_000 + k * 1_000, 'speakTick');
    expect(speakTexts(d.timer(t + 180_100, 'handOff'))).toEqual([PART3_INTRO_TEXT]);
    expect(d.state.phase).toBe('part3Intro');
    expect(d.timer(t + 180_500, 'part3Intro')).toEqual([]); // not before the intro is spoken
    expect(types(d.speechDone(t + 182_000))).toEqual(['schedule:part3Intro:1000']);
    expect(d.state.phase).toBe('part3IntroWait');
    expect(speakTexts(d.timer(t + 183_000, 'part3Intro'))).toEqual([QUESTIONS.part3[0]]);
    expect(selectScreen(d.state).partTitle).toBe('Discussion');
  });
});
