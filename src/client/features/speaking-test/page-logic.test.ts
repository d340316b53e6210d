import { describe, expect, it } from 'vitest';
import { saveTestSessionBody } from '../../../shared/api/attempts.js';
import type { SpeakingTestAnswer } from '../../../shared/speaking-test/answer.js';
import { scoreSpeakingTest } from '../../../shared/speaking-test/scoring.js';
import { announcementFor, guardsLeaving } from './announcements.js';
import { Driver, QUESTIONS } from './flow/test-helpers.js';
import { buildSaveTestSessionBody } from './save-body.js';
import { deviceKindOf } from './use-speaking-test.js';

// Three different sentences: one sentence said three times is a non-answer now (decision 0018).
const JOURNEY = [
  'I grew up in a small town near the coast and I still enjoy walking by the sea with my family',
  'Last summer we took a long train journey to the mountains, which took almost two days',
  'The views from the window were beautiful and we met friendly people on the way who shared their food',
].join('\n');

function answers(): SpeakingTestAnswer[] {
  return [
    { part: 1, questionNumber: 1, question: 'What is your name?', answer: 'My name is Asha', responseTimeMs: 800, speakingTimeMs: 1_500, confidence: 0.9, recordingStartMs: 7_700, recordingEndMs: 10_000 },
    { part: 2, questionNumber: 1, question: 'Describe a journey', answer: JOURNEY, responseTimeMs: 1_200, speakingTimeMs: 60_000, recordingStartMs: 180_000, recordingEndMs: 300_100, recordingHeldMs: [{ startMs: 200_000, endMs: 230_000 }] },
    { part: 3, questionNumber: 1, question: 'Why travel?', answer: '', responseTimeMs: null, speakingTimeMs: 0 },
  ];
}

describe('the saved body', () => {
  const startedAt = Date.parse('2026-11-21T09:00:00.000Z');
  const completedAt = startedAt + 754_400;
  const body = buildSaveTestSessionBody({
    attemptId: '0b7c4c9e-3f55-4a55-9d67-1d0c2f3b7a10',
    studentId: 42,
    answers: answers(),
    result: scoreSpeakingTest(answers()),
    startedAt,
    completedAt,
    demo: false,
  });

  it('is what the API accepts, with the attempt id, the measured timings and the shown scores', () => {
    expect(saveTestSessionBody.parse(body)).toEqual(body);
    expect(body.attemptId).toBe('0b7c4c9e-3f55-4a55-9d67-1d0c2f3b7a10');
    expect(body.audioUrl).toBeNull();
    expect(body.sessionData.duration).toBe(754);
    expect(body.sessionData.completedAt).toBe('2026-11-21T09:12:34.400Z');
    expect(body.sessionData.questionAnswerPairs[0]).toEqual({
      questionNumber: 1,
      question: 'What is your name?',
      answer: 'My name is Asha',
      part: 1,
      timestamp: '2026-11-21T09:00:10.000Z',
      responseTimeMs: 800,
      speakingTimeMs: 1_500,
      confidence: 0.9,
      recordingStartMs: 7_700,
      recordingEndMs: 10_000,
    });
    // The long turn's holds go with it, as the analysis reads them.
    expect(body.sessionData.questionAnswerPairs[1]).toMatchObject({ recordingStartMs: 180_000, recordingEndMs: 300_100, recordingHeldMs: [{ startMs: 200_000, endMs: 230_000 }] });
    // An answer without its place on the recording takes the completion time; no confidence, no field.
    expect(body.sessionData.questionAnswerPairs[2]).toEqual({ questionNumber: 1, question: 'Why travel?', answer: '', part: 3, timestamp: '2026-11-21T09:12:34.400Z', responseTimeMs: null, speakingTimeMs: 0 });
    const result = scoreSpeakingTest(answers());
    expect(result.assessable).toBe(true);
    if (result.assessable) expect(body.sessionData.scores).toEqual(result.bands);
  });

  it('has a transcript of examiner and student turns per answer, in order, each where its answer lies on the recording', () => {
    expect(body.sessionData.transcript.map((t) => `${t.speaker}:${t.part}`)).toEqual(['Examiner:1', 'Student:1', 'Examiner:2', 'Student:2', 'Examiner:3', 'Student:3']);
    expect(body.sessionData.transcript[0]).toEqual({ speaker: 'Examiner', text: 'What is your name?', timestamp: '2026-11-21T09:00:07.700Z', part: 1 });
    // The long turn's window is its two minutes, whatever its speaking and response times add up to.
    expect(body.sessionData.transcript.slice(2, 4).map((t) => t.timestamp)).toEqual(['2026-11-21T09:03:00.000Z', '2026-11-21T09:05:00.100Z']);
    for (const turn of body.sessionData.transcript) expect(Date.parse(String(turn.timestamp))).toBeGreaterThanOrEqual(startedAt);
  });

  it('sends no scores when there was too little speech, and marks demo mode', () => {
    const silent = buildSaveTestSessionBody({ attemptId: '0b7c4c9e-3f55-4a55-9d67-1d0c2f3b7a11', studentId: 1, answers: answers().slice(2), result: scoreSpeakingTest(answers().slice(2)), startedAt, completedAt, demo: true });
    expect(silent.sessionData.scores).toEqual({});
    expect(silent.sessionData.demo).toBe(true);
    expect(saveTestSessionBody.safeParse(silent).success).toBe(true);
  });
});

describe('screen-reader announcements', () => {
  it('no longer says the microphone is being asked for once it is refused (the alert says why)', () => {
    const d = new Driver();
    d.timer(1_000, 'micAutoRequest');
    expect(announcementFor(d.state)).toBe('Requesting microphone access.');
    d.send(1_100, { type: 'MIC_DENIED', message: 'denied' });
    expect(announcementFor(d.state)).toBe('');
  });

  it('reads the ready state, each question, and the Part 2 timers only at their start and at 60/30/10 s left', () => {
    const d = new Driver();
    expect(announcementFor(d.state)).toBeNull();
    d.timer(1_000, 'micAutoRequest');
    expect(announcementFor(d.state)).toBe('Requesting microphone access.');
    d.send(1_500, { type: 'MIC_GRANTED' });
    expect(announcementFor(d.state)).toBe('Microphone ready. Press Start Test to begin.');
    d.send(2_000, { type: 'START_TEST' });
    expect(announcementFor(d.state)).toBe(`Part 1, question 1 of 10: ${QUESTIONS.part1[0]}`);
    d.speechDone(4_000);
    d.timer(4_500, 'afterQuestion');
    expect(announcementFor(d.state)).toBe('Listening. Answer question 1 now.');

    // Part 2: the cue card's topic and points, each sentence ending with one full stop (a topic may or may not end with one).
    const part2 = (card: { topic: string; bullets: string[] }) =>
      announcementFor({ ...d.state, stage: 'part2', phase: 'part2Announcement', questions: { ...d.state.questions, part2: [card] } });
    expect(part2({ topic: 'Describe a teacher who has influenced you.', bullets: ['who this teacher was', 'and explain how they influenced you.'] })).toBe(
      'Part 2, cue card: Describe a teacher who has influenced you. You should say: who this teacher was; and explain how they influenced you. Now you have 1 minute to think on the cue card and 2 minutes to answer.',
    );
    expect(part2({ topic: 'Describe a journey you enjoyed', bullets: [] })).toBe(
      'Part 2, cue card: Describe a journey you enjoyed. Now you have 1 minute to think on the cue card and 2 minutes to answer.',
    );
    expect(announcementFor({ ...d.state, stage: 'part2', phase: 'part2Announcement' })).not.toMatch(/\.\./);

    const prep = (left: number) => announcementFor({ ...d.state, stage: 'part2', phase: 'part2Preparation', countdownSeconds: left });
    const speaking = (left: number) => announcementFor({ ...d.state, stage: 'part2', phase: 'part2Speaking', countdownSeconds: left });
    expect(prep(60)).toBe('Preparation started: 1 minute to think about the cue card.');
    expect(prep(59)).toBeNull();
    expect(prep(30)).toBe('30 seconds of preparation left.');
    expect(prep(11)).toBeNull();
    expect(prep(10)).toBe('10 seconds of preparation left.');
    expect(speaking(120)).toBe('Preparation is over. Start speaking now: you have 2 minutes.');
    expect(speaking(90)).toBeNull();
    expect(speaking(60)).toBe('1 minute of speaking time left.');
    expect(speaking(10)).toBe('10 seconds of speaking time left.');
    expect(announcementFor({ ...d.state, stage: 'part2', phase: 'part2HandOff' })).toBe('Time is up. Part 2 is complete.');
    expect(announcementFor({ ...d.state, stage: 'part3', phase: 'part3Intro' })).toBe('Part 3, discussion. Now we move on to Part 3.');
    expect(announcementFor({ ...d.state, stage: 'complete', phase: 'finished' })).toBe('Test complete. Your results are below.');
  });

  it('says an answer is being recorded only while the recorder gives something: a screen reader is not told the opposite of the Not recording alert', () => {
    const d = new Driver('apple');
    d.timer(1_000, 'micAutoRequest');
    d.send(1_500, { type: 'MIC_GRANTED' });
    d.send(2_000, { type: 'START_TEST' });
    d.speechDone(4_000);
    d.timer(4_500, 'afterQuestion');
    expect(announcementFor(d.state)).toBe('Answer question 1 now. Your audio is being recorded.');
    const withRecorder = (status: 'none' | 'stopped') => announcementFor({ ...d.state, recorder: { ...d.state.recorder, status } });
    expect(withRecorder('none')).toBe('Answer question 1 now. Nothing is being recorded.');
    expect(withRecorder('stopped')).toBe('Answer question 1 now. Nothing is being recorded.');
    // Demo mode (no microphone) records nothing, as its badge says.
    expect(announcementFor({ ...d.state, microphone: { ...d.state.microphone, demo: true } })).toBe('Answer question 1 now. Nothing is being recorded.');
  });
});

describe('leaving the page', () => {
  it('asks during the parts and after the test until the session expires', () => {
    expect(guardsLeaving({ stage: 'setup', sessionExpired: false })).toBe(false);
    expect(guardsLeaving({ stage: 'ready', sessionExpired: false })).toBe(false);
    for (const stage of ['part1', 'part2', 'part3', 'complete'] as const) expect(guardsLeaving({ stage, sessionExpired: false })).toBe(true);
    expect(guardsLeaving({ stage: 'complete', sessionExpired: true })).toBe(false);
  });
});

describe('device kind', () => {
  it('is android, apple or desktop', () => {
    expect(deviceKindOf({ isAndroid: true, isApple: false })).toBe('android');
    expect(deviceKindOf({ isAndroid: false, isApple: true })).toBe('apple');
    expect(deviceKindOf({ isAndroid: false, isApple: false })).toBe('desktop');
  });
});
