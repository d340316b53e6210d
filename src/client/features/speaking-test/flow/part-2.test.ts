/* SPEC.md section 4, 'Part 2' (flow/part-2.ts), also on Apple and Android devices. */
import { describe, expect, it } from 'vitest';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, reachListening, types } from './test-helpers.js';

describe('Part 2 timings', () => {
  function atPart2(): { d: Driver; t: number } {
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
    return { d, t };
  }

  it('60 s preparation, 120 s speaking, hand-off 100 ms after the timer', () => {
    const { d, t } = atPart2();
    expect(selectScreen(d.state).part2Phase).toBe('announcement');
    expect(selectScreen(d.state).cueCard).toEqual(QUESTIONS.part2[0]);
    d.speechDone(t + 5_000);
    const p = t + 5_000;
    for (let k = 1; k <= 59; k++) d.timer(p + k * 1_000, 'prepTick');
    expect(selectScreen(d.state).countdownSeconds).toBe(1);
    expect(d.state.phase).toBe('part2Preparation');
    d.timer(p + 60_000, 'prepTick');
    expect(d.state.phase).toBe('part2Speaking');
    expect(selectScreen(d.state).countdownSeconds).toBe(120);
    // Recognition ending during the long turn restarts listening, no completion.
    expect(types(d.send(p + 70_000, { type: 'RECOGNITION_ENDED' }))).toEqual(['startListening']);
    d.send(p + 62_000, { type: 'FIRST_SPEECH', at: p + 62_000 });
    d.send(p + 90_000, { type: 'FINAL', text: 'a long story', confidence: 0.5 });
    for (let k = 1; k <= 119; k++) d.timer(p + 60_000 + k * 1_000, 'speakTick');
    expect(d.state.phase).toBe('part2Speaking');
    d.timer(p + 180_000, 'speakTick');
    expect(d.state.phase).toBe('part2HandOff');
    expect(d.state.answers).toHaveLength(10);
    d.timer(p + 180_100, 'handOff');
    expect(d.state.answers[10]).toEqual({
      part: 2,
      questionNumber: 1,
      question: QUESTIONS.part2[0]?.topic,
      answer: 'a long story',
      responseTimeMs: 2_000,
      speakingTimeMs: 28_000,
      confidence: 0.5,
      // Its window on the recording is the two minutes, not the 28 s between its first and last words.
      recordingStartMs: p + 60_000,
      recordingEndMs: p + 180_100,
    });
    expect(d.state.stage).toBe('part3');
  });
});

describe('Part 2 on mobile devices', () => {
  function toSpeaking(device: 'apple' | 'android'): { d: Driver; p: number } {
    const d = new Driver(device);
    d.start(0);
    const st = { ...d.state, stage: 'part2' as const, phase: 'part2Announcement' as const, questionIndex: 9 };
    d.state = { ...st, speechId: 'announce' };
    d.send(1_000, { type: 'SPEECH_DONE', id: 'announce', outcome: 'ended' });
    for (let k = 1; k <= 59; k++) d.timer(1_000 + k * 1_000, 'prepTick');
    return { d, p: 61_000 };
  }

  it('Apple: the speaking phase records without listening and hands off after the timer', () => {
    const { d, p } = toSpeaking('apple');
    expect(types(d.timer(p, 'prepTick'))).toEqual(['schedule:speakTick:1000']);
    for (let k = 1; k <= 119; k++) d.timer(p + k * 1_000, 'speakTick');
    expect(types(d.timer(p + 120_000, 'speakTick'))).toEqual(['schedule:handOff:100']);
    d.timer(p + 120_100, 'handOff');
    expect(d.state.stage).toBe('part3');
  });

  it('Android: restarts recognition 3 times in the long turn, then notes it and keeps the timer', () => {
    const { d, p } = toSpeaking('android');
    expect(types(d.timer(p, 'prepTick'))).toEqual(['startListening', 'schedule:speakTick:1000']);
    for (let k = 1; k <= 3; k++) expect(types(d.send(p + k * 1_000, { type: 'RECOGNITION_ENDED' }))).toEqual(['startListening']);
    expect(d.send(p + 4_000, { type: 'RECOGNITION_ENDED' })).toEqual([]);
    expect(d.state.phase).toBe('part2Speaking');
    expect(selectScreen(d.state).notes[0]).toMatch(/live transcription is unavailable/i);
  });
});
