import { describe, expect, it } from 'vitest';
import {
  ANSWER_TIME_LIMIT_MS,
  CLOSING_TEXT,
  NO_SPEECH_TIMEOUT_MS,
  PART2_ANNOUNCEMENT_TEXT,
  PART3_INTRO_TEXT,
} from '../../../../shared/speaking-test/constants.js';
import { RESPONSE_COMPLETED_NOTE, finishAnswer, formatSecondsLeft, initialState, speakingTestReducer } from './machine.js';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, speakTexts, types } from './test-helpers.js';
import type { Command } from './types.js';

const CANCEL_ANSWER_TIMERS = ['cancel:afterQuestion', 'cancel:silenceCheck', 'cancel:afterRecognitionEnd', 'cancel:answerLimit', 'cancel:androidFallbackTick'];

/** Asks, waits 0.5 s, listens; returns the time listening started. `at` is when the question's speech ends. */
function reachListening(d: Driver, at: number): number {
  const limit = ANSWER_TIME_LIMIT_MS[d.state.stage === 'part3' ? 3 : 1];
  expect(types(d.speechDone(at))).toEqual(['schedule:afterQuestion:500']);
  expect(types(d.timer(at + 500, 'afterQuestion'))).toEqual(['startListening', 'schedule:silenceCheck:500', `schedule:answerLimit:${limit}`]);
  return at + 500;
}

describe('microphone', () => {
  it('asks for the microphone 1 s after the setup card appears', () => {
    const s = initialState({ questions: QUESTIONS, device: 'desktop', now: 0 });
    expect(s.stage).toBe('setup');
    expect(s.microphone.status).toBe('idle');
    expect(types(s.commands)).toEqual(['schedule:micAutoRequest:1000']);
    const d = new Driver();
    expect(types(d.timer(1_000, 'micAutoRequest'))).toEqual(['requestMicrophone']);
    expect(d.state.microphone.status).toBe('requesting');
    d.send(1_200, { type: 'MIC_GRANTED' });
    expect(d.state.microphone.status).toBe('granted');
    expect(d.state.stage).toBe('ready');
    expect(selectScreen(d.state).startEnabled).toBe(true);
  });

  it('does not auto-request when the student already asked', () => {
    const d = new Driver();
    expect(types(d.send(500, { type: 'REQUEST_MICROPHONE' }))).toEqual(['requestMicrophone']);
    expect(d.timer(1_000, 'micAutoRequest')).toEqual([]);
  });

  it('denied, then Try Again requests again', () => {
    const d = new Driver();
    d.timer(1_000, 'micAutoRequest');
    d.send(1_100, { type: 'MIC_DENIED', message: 'Microphone access issue. Denied.' });
    expect(d.state.microphone).toEqual({ status: 'denied', demo: false, error: 'Microphone access issue. Denied.' });
    expect(d.state.stage).toBe('setup');
    expect(selectScreen(d.state).startEnabled).toBe(false);
    expect(types(d.send(5_000, { type: 'REQUEST_MICROPHONE' }))).toEqual(['requestMicrophone']);
    expect(d.state.microphone.status).toBe('requesting');
    expect(d.state.microphone.error).toBeNull();
    d.send(5_100, { type: 'MIC_GRANTED' });
    expect(d.state.stage).toBe('ready');
  });

  it('demo mode after a denial: granted with demo=true and an empty stream', () => {
    const d = new Driver();
    d.timer(1_000, 'micAutoRequest');
    d.send(1_100, { type: 'MIC_DENIED', message: 'x' });
    expect(types(d.send(2_000, { type: 'DEMO_MODE' }))).toEqual(['createDemoStream']);
    expect(d.state.microphone).toEqual({ status: 'granted', demo: true, error: null });
    expect(d.state.stage).toBe('ready');
  });

  it('Start Test does nothing before the microphone is granted', () => {
    const d = new Driver();
    expect(d.send(100, { type: 'START_TEST' })).toEqual([]);
    expect(d.state.stage).toBe('setup');
  });
});

describe('a whole test on desktop', () => {
  it('runs from setup to complete with the expected commands', () => {
    const d = new Driver();
    let t = 10_000;
    const start = d.start(t);
    expect(d.state.stage).toBe('part1');
    expect(d.state.startedAt).toBe(t);
    expect(types(start)).toEqual(['startRecording', 'startVoiceMeter', 'speak']);
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
    expect(d.state.answers[10]).toMatchObject({ part: 2, questionNumber: 1, question: QUESTIONS.part2[0]?.topic, answer: 'I went to Goa', responseTimeMs: 3_000 });

    t += 2_000;
    expect(types(d.speechDone(t))).toEqual(['schedule:part3Intro:1000']);
    t += 1_000;
    expect(speakTexts(d.timer(t, 'part3Intro'))).toEqual([QUESTIONS.part3[0]]);

    let last: Command[] = [];
    for (let i = 0; i < 10; i++) {
      last = answerQuestion(3, i);
      if (i < 9) expect(speakTexts(last)).toEqual([QUESTIONS.part3[i + 1]]);
    }
    expect(types(last)).toEqual([...CANCEL_ANSWER_TIMERS, 'speak', 'stopRecording', 'stopVoiceMeter', 'scoreAndSave', 'schedule:sessionWarning:240000', 'schedule:sessionExpiry:300000']);
    expect(speakTexts(last)).toEqual([CLOSING_TEXT]);
    expect(d.state.stage).toBe('complete');
    const save = last.find((c) => c.type === 'scoreAndSave');
    expect(save?.type === 'scoreAndSave' ? save.answers.map((a) => `${a.part}.${a.questionNumber}`) : []).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `1.${i + 1}`),
      '2.1',
      ...Array.from({ length: 10 }, (_, i) => `3.${i + 1}`),
    ]);
    expect(save?.type === 'scoreAndSave' ? save.answers[0] : null).toEqual({
      part: 1,
      questionNumber: 1,
      question: QUESTIONS.part1[0],
      answer: 'answer 1.1',
      responseTimeMs: 1_500,
      speakingTimeMs: 1_000,
      confidence: 0.9,
    });

    expect(d.send(t + 1_000, { type: 'SAVE_RESULT', outcome: 'saved' })).toEqual([]);
    expect(d.state.toasts.map((x) => x.title)).toEqual(['Test Completed']);
  });
});

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
    expect(d.state.answers[0]).toEqual({ part: 1, questionNumber: 1, question: QUESTIONS.part1[0], answer: '', responseTimeMs: null, speakingTimeMs: 0 });
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
    });
    expect(d.state.stage).toBe('part3');
  });
});

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

describe('Apple', () => {
  it('records without recognition: placeholder note, answer ended by the microphone level, recording check at 5 s', () => {
    const d = new Driver('apple');
    const start = d.start(10_000);
    expect(types(start)).toEqual(['startRecording', 'startVoiceMeter', 'schedule:appleRecordingCheck:5000', 'speak']);
    expect(types(d.speechDone(12_000))).toEqual(['schedule:afterQuestion:500']);
    expect(types(d.timer(12_500, 'afterQuestion'))).toEqual(['schedule:silenceCheck:500', `schedule:answerLimit:${ANSWER_TIME_LIMIT_MS[1]}`]);
    expect(selectScreen(d.state).notes[0]).toMatch(/audio is being recorded/i);
    expect(types(d.timer(15_000, 'appleRecordingCheck'))).toEqual(['checkRecording']);
    d.send(15_010, { type: 'RECORDING_CHECKED', hasChunks: false });
    expect(d.state.toasts.map((x) => x.title)).toEqual(['Recording Notice']);
    d.send(15_020, { type: 'TOAST_SHOWN', id: d.state.toasts[0]?.id ?? -1 });
    expect(d.state.toasts).toEqual([]);
    d.send(15_030, { type: 'RECORDING_CHECKED', hasChunks: true });
    expect(d.state.toasts).toEqual([]);
    expect(speakTexts(d.timer(12_500 + NO_SPEECH_TIMEOUT_MS, 'silenceCheck'))).toEqual([QUESTIONS.part1[1]]);
    expect(d.state.answers[0]).toMatchObject({ answer: '', responseTimeMs: null, speakingTimeMs: 0 });
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

describe('after the test', () => {
  function completed(): Driver {
    const d = new Driver();
    d.start(0);
    let t = 0;
    const answer = (): void => {
      t += 1_000;
      reachListening(d, t);
      d.send(t + 600, { type: 'RECOGNITION_ENDED' });
      t += 2_600;
      d.timer(t, 'afterRecognitionEnd');
    };
    for (let i = 0; i < 10; i++) answer();
    d.speechDone(t);
    for (let k = 1; k <= 60; k++) d.timer(t + k * 1_000, 'prepTick');
    for (let k = 1; k <= 120; k++) d.timer(t + k * 1_000, 'speakTick');
    d.timer(t, 'handOff');
    d.speechDone(t);
    d.timer(t, 'part3Intro');
    for (let i = 0; i < 10; i++) answer();
    return d;
  }

  it('expires the session after 300 s and goes to /auth 2 s later', () => {
    const d = completed();
    expect(d.state.stage).toBe('complete');
    expect(types(d.timer(1_000_000, 'sessionExpiry'))).toEqual(['cancel:sessionWarningTick', 'clearStudentInfo', 'signOut', 'schedule:sessionRedirect:2000']);
    expect(d.state.toasts.map((x) => x.title)).toEqual(['Session Expired']);
    expect(d.timer(1_002_000, 'sessionRedirect')).toEqual([{ type: 'navigate', to: '/auth' }]);
  });

  it('warns in the last minute with a countdown; Stay starts the 5 minutes again; without it the session ends', () => {
    const d = completed();
    const endsAt = d.state.sessionEndsAt ?? 0;
    expect(d.state.sessionSecondsLeft).toBeNull();
    // At 4 minutes: 60 s left, ticking each second.
    expect(types(d.timer(endsAt - 60_000, 'sessionWarning'))).toEqual(['schedule:sessionWarningTick:1000']);
    expect(d.state.sessionSecondsLeft).toBe(60);
    d.timer(endsAt - 45_000, 'sessionWarningTick');
    expect(d.state.sessionSecondsLeft).toBe(45);
    expect(formatSecondsLeft(d.state.sessionSecondsLeft ?? 0)).toBe('0:45');
    // The student is still reading: Stay.
    const stay = d.send(endsAt - 44_000, { type: 'STAY_IN_SESSION' });
    expect(types(stay)).toEqual(['cancel:sessionWarningTick', 'schedule:sessionWarning:240000', 'schedule:sessionExpiry:300000']);
    expect(d.state.sessionSecondsLeft).toBeNull();
    expect(d.state.sessionEndsAt).toBe(endsAt - 44_000 + 300_000);
    // The last tick shows 0:01 and schedules no more; the end comes with the expiry timer.
    const later = d.state.sessionEndsAt ?? 0;
    d.timer(later - 60_000, 'sessionWarning');
    expect(types(d.timer(later - 1_000, 'sessionWarningTick'))).toEqual([]);
    expect(d.state.sessionSecondsLeft).toBe(1);
    d.timer(later, 'sessionExpiry');
    expect(d.state.sessionExpired).toBe(true);
    expect(d.state.sessionSecondsLeft).toBeNull();
    // Too late to stay, and no more ticks.
    expect(d.send(later + 500, { type: 'STAY_IN_SESSION' })).toEqual([]);
    expect(d.timer(later + 500, 'sessionWarningTick')).toEqual([]);
  });

  it('formats the countdown as minutes and seconds', () => {
    expect([60, 59, 10, 9, 1, 0].map(formatSecondsLeft)).toEqual(['1:00', '0:59', '0:10', '0:09', '0:01', '0:00']);
  });

  it('has no countdown and ignores Stay before the test is complete', () => {
    const d = new Driver();
    d.start(0);
    expect(d.send(10, { type: 'STAY_IN_SESSION' })).toEqual([]);
    expect(d.timer(20, 'sessionWarning')).toEqual([]);
    expect(d.state.sessionSecondsLeft).toBeNull();
  });

  it('does not redirect before the session has expired', () => {
    const d = completed();
    expect(d.timer(1_000, 'sessionRedirect')).toEqual([]);
  });

  it('shows the save outcome toasts', () => {
    const warn = completed();
    warn.send(1, { type: 'SAVE_RESULT', outcome: 'noStudentInfo' });
    expect(warn.state.toasts[0]?.description).toBe('Test completed but results may not be saved. Please contact your teacher.');
    const fail = completed();
    fail.send(1, { type: 'SAVE_RESULT', outcome: 'failed' });
    expect(fail.state.toasts[0]?.description).toBe('Could not save test results. Please contact your teacher.');
  });
});

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
        repeated: false,
      }),
    ).toEqual({ part: 3, questionNumber: 4, question: 'q', answer: 'first\nsecond\nthird', responseTimeMs: 1_250, speakingTimeMs: 6_750, confidence: 0.8 });
  });

  it('reducer leaves the previous state untouched', () => {
    const s = initialState({ questions: QUESTIONS, device: 'desktop', now: 0 });
    const copy = structuredClone(s);
    speakingTestReducer(s, { type: 'TIMER', timer: 'micAutoRequest', now: 1_000 });
    expect(s).toEqual(copy);
  });
});
