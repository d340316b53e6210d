/* SPEC.md section 4, 'Speaking test stages': a whole test through the dispatcher (flow/machine.ts, flow/stages.ts). */
import { describe, expect, it } from 'vitest';
import { CLOSING_TEXT, PART2_ANNOUNCEMENT_TEXT, PART3_INTRO_TEXT } from '../../../../shared/speaking-test/examiner-lines.js';
import { scoreSpeakingTest } from '../../../../shared/speaking-test/scoring.js';
import { selectScreen } from './selectors.js';
import { CANCEL_ANSWER_TIMERS, Driver, QUESTIONS, reachListening, speakTexts, types } from './test-helpers.js';
import type { Command } from './types.js';

describe('a whole test on desktop', () => {
  it('runs from setup to complete with the expected commands', () => {
    const d = new Driver();
    let t = 10_000;
    const start = d.start(t);
    expect(d.state.stage).toBe('part1');
    expect(d.state.startedAt).toBe(t);
    expect(types(start)).toEqual(['startRecording', 'startVoiceMeter', 'schedule:recordingCheck:5000', 'speak']);
    expect(speakTexts(start)).toEqual([QUESTIONS.part1[0]]);

    const answerQuestion = (part: 1 | 3, i: number): Command[] => {
      t += 3_000; // the question is spoken
      const listenAt = reachListening(d, t);
      expect(selectScreen(d.state).question).toEqual({ text: (part === 1 ? QUESTIONS.part1 : QUESTIONS.part3)[i], number: i + 1, of: 10 });
      d.send(listenAt + 1_000, { type: 'FIRST_SPEECH', at: listenAt + 1_000 });
      d.send(listenAt + 1_200, { type: 'INTERIM', text: 'I think' });
      expect(selectScreen(d.state).transcript).toBe('I think');
      d.send(listenAt + 2_000, { type: 'FINAL', text: `answer ${part}.${i + 1}`, confidence: 0.9 });
      expect(types(d.send(listenAt + 2_100, { type: 'RECOGNITION_ENDED' }))).toEqual(['cancel:silenceCheck', 'schedule:afterRecognitionEnd:2000']);
      t = listenAt + 4_100;
      return d.timer(t, 'afterRecognitionEnd');
    };

    for (let i = 0; i < 10; i++) {
      const done = answerQuestion(1, i);
      expect(types(done)).toEqual([...CANCEL_ANSWER_TIMERS, 'speak']);
      expect(speakTexts(done)).toEqual([i < 9 ? QUESTIONS.part1[i + 1] : PART2_ANNOUNCEMENT_TEXT]);
    }
    expect(d.state.stage).toBe('part2');
    expect(d.state.answers).toHaveLength(10);

    // Part 2: announcement, 60 s preparation, 120 s speaking, hand-off 100 ms later.
    t += 6_000;
    expect(types(d.speechDone(t))).toEqual(['schedule:prepTick:1000']);
    expect(selectScreen(d.state).part2Phase).toBe('preparation');
    expect(d.state.countdownSeconds).toBe(60);
    for (let k = 1; k < 60; k++) expect(types(d.timer(t + k * 1_000, 'prepTick'))).toEqual(['schedule:prepTick:1000']);
    expect(d.state.countdownSeconds).toBe(1);
    t += 60_000;
    expect(types(d.timer(t, 'prepTick'))).toEqual(['startListening', 'schedule:speakTick:1000']);
    expect(d.state.countdownSeconds).toBe(120);
    d.send(t + 3_000, { type: 'FINAL', text: 'I went to Goa', confidence: 0.8 });
    for (let k = 1; k < 120; k++) d.timer(t + k * 1_000, 'speakTick');
    expect(d.state.countdownSeconds).toBe(1);
    t += 120_000;
    expect(types(d.timer(t, 'speakTick'))).toEqual(['stopListening', 'schedule:handOff:100']);
    expect(d.state.stage).toBe('part2');
    t += 100;
    const handOff = d.timer(t, 'handOff');
    expect(types(handOff)).toEqual(['speak']);
    expect(speakTexts(handOff)).toEqual([PART3_INTRO_TEXT]);
    expect(d.state.stage).toBe('part3');
    expect(d.state.answers[10]).toMatchObject({
      part: 2,
      questionNumber: 1,
      question: QUESTIONS.part2[0]?.topic,
      answer: 'I went to Goa',
      responseTimeMs: 3_000,
      // On the recording, which started with Start Test at 10 s: the two minutes of the long turn.
      recordingStartMs: t - 100 - 120_000 - 10_000,
      recordingEndMs: t - 10_000,
    });

    t += 2_000;
    expect(types(d.speechDone(t))).toEqual(['schedule:part3Intro:1000']);
    t += 1_000;
    expect(speakTexts(d.timer(t, 'part3Intro'))).toEqual([QUESTIONS.part3[0]]);

    let last: Command[] = [];
    for (let i = 0; i < 10; i++) {
      last = answerQuestion(3, i);
      if (i < 9) expect(speakTexts(last)).toEqual([QUESTIONS.part3[i + 1]]);
    }
    expect(types(last)).toEqual([...CANCEL_ANSWER_TIMERS, 'speak', 'stopRecording', 'stopVoiceMeter', 'finish', 'schedule:sessionWarning:240000', 'schedule:sessionExpiry:300000']);
    expect(speakTexts(last)).toEqual([CLOSING_TEXT]);
    expect(d.state.stage).toBe('complete');
    // The edge works out the estimate (its code loads once the test has started), answers SCORED and saves.
    const save = last.find((c) => c.type === 'finish');
    expect(save?.type === 'finish' ? save.answers : null).toBe(d.state.answers);
    expect(save?.type === 'finish' ? save.noTranscript : null).toBe(false);
    expect(d.state.result).toBeNull();
    const scored = d.send(t, { type: 'SCORED', result: scoreSpeakingTest(d.state.answers) });
    expect(types(scored)).toEqual([]);
    // Once only.
    expect(d.send(t, { type: 'SCORED', result: scoreSpeakingTest([]) })).toEqual([]);
    expect(save?.type === 'finish' ? save.answers.map((a) => `${a.part}.${a.questionNumber}`) : []).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `1.${i + 1}`),
      '2.1',
      ...Array.from({ length: 10 }, (_, i) => `3.${i + 1}`),
    ]);
    expect(save?.type === 'finish' ? save.answers[0] : null).toEqual({
      part: 1,
      questionNumber: 1,
      question: QUESTIONS.part1[0],
      answer: 'answer 1.1',
      responseTimeMs: 1_500,
      speakingTimeMs: 1_000,
      confidence: 0.9,
      // From the question's end (13 s) to the answer's close (17.6 s), on the recording started at 10 s.
      recordingStartMs: 3_000,
      recordingEndMs: 7_600,
    });
    // The estimate is worked out once, on completion, from the answers the save sends: the results show it.
    expect(d.state.result).toEqual(scoreSpeakingTest(d.state.answers));
    expect(save?.type === 'finish' ? scoreSpeakingTest(save.answers) : null).toEqual(d.state.result);

    expect(d.send(t + 1_000, { type: 'SAVE_RESULT', outcome: 'saved' })).toEqual([]);
    expect(d.state.toasts.map((x) => x.title)).toEqual(['Test Completed']);
  });
});
