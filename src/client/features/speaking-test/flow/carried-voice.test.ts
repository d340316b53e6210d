/*
 * Sound the microphone already hears when an answer's listening starts (answer-capture.ts), the
 * interview's rule: a student who began answering over the examiner's last word is heard; an echo
 * tail of the examiner's voice that dies away within CARRIED_VOICE_MIN_MS is forgotten.
 */
import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from '../../../../shared/speaking-test/answer.js';
import { ANSWER_TIME_LIMIT_MS, NO_SPEECH_TIMEOUT_MS, SILENCE_CHECK_INTERVAL_MS, SILENCE_TO_END_ANSWER_MS } from '../../../../shared/speaking-test/constants.js';
import { CARRIED_VOICE_MIN_MS } from '../../../speech/voice-activity.js';
import { selectScreen } from './selectors.js';
import { Driver, QUESTIONS, speakTexts, types } from './test-helpers.js';
import type { EventWithoutNow } from './types.js';

const QUESTION_ENDS = 13_000;
const LISTEN = QUESTION_ENDS + 500;

/** A VOICE change as the gate reports it: `at` when the level crossed, sent `reportedAt` (after its hold). */
type Reported = { reportedAt: number; event: EventWithoutNow };
const voice = (speaking: boolean, at: number, reportedAt: number): Reported => ({ reportedAt, event: { type: 'VOICE', speaking, at } });

/** Without recognition: Start Test at 10 s, `before` reported while the first question is spoken, listening from LISTEN. */
function firstQuestion(before: Reported[]): Driver {
  const d = new Driver('desktop', 0, { recognition: false });
  d.start(10_000);
  for (const { reportedAt, event } of before) d.send(reportedAt, event);
  d.speechDone(QUESTION_ENDS);
  expect(types(d.timer(LISTEN, 'afterQuestion'))).toEqual(['schedule:silenceCheck:500', `schedule:answerLimit:${ANSWER_TIME_LIMIT_MS[1]}`]);
  return d;
}

interface Ended {
  at: number;
  answer: SpeakingTestAnswer | undefined;
  /** What each silence check did, in order. */
  checks: string[][];
  next: string[];
}

/** Fires the silence check every 0.5 s, sending `during` as reported, until the first answer completes. */
function untilAnswered(d: Driver, during: Reported[]): Ended {
  const checks: string[][] = [];
  const script = [...during];
  for (let at = LISTEN + SILENCE_CHECK_INTERVAL_MS; at < LISTEN + ANSWER_TIME_LIMIT_MS[1]; at += SILENCE_CHECK_INTERVAL_MS) {
    while (script[0] && script[0].reportedAt <= at) {
      const { reportedAt, event } = script.shift() as Reported;
      d.send(reportedAt, event);
    }
    const out = d.timer(at, 'silenceCheck');
    checks.push(types(out));
    if (d.state.answers.length > 0) return { at, answer: d.state.answers[0], checks, next: speakTexts(out) };
  }
  throw new Error('the answer never ended on silence');
}

describe('speaking test: sound already heard when listening starts (no recognition)', () => {
  it('the voice state is kept from every VOICE event, whatever the phase', () => {
    const d = firstQuestion([voice(true, 12_800, 12_920)]);
    expect(d.state.voiceNow).toBe(true);
    expect(d.state.answer).toMatchObject({ voiceSince: LISTEN, voiceCarried: true, firstSpeechAt: null, voicedMs: 0 });
  });

  it('a student already answering for 4 s is heard and the answer ends 3 s after, as one who began at listening', () => {
    const carried = firstQuestion([voice(true, 12_800, 12_920)]);
    const ended = untilAnswered(carried, [voice(false, LISTEN + 4_000, LISTEN + 4_400)]);
    expect(ended.at).toBe(LISTEN + 4_000 + SILENCE_TO_END_ANSWER_MS);
    expect(ended.answer).toEqual({
      part: 1,
      questionNumber: 1,
      question: QUESTIONS.part1[0],
      answer: '',
      responseTimeMs: 500,
      speakingTimeMs: 4_000,
      // On the recording (from Start Test at 10 s): from the question's end to the answer's.
      recordingStartMs: QUESTION_ENDS - 10_000,
      recordingEndMs: ended.at - 10_000,
    });
    expect(ended.next).toEqual([QUESTIONS.part1[1]]);
    const normal = untilAnswered(firstQuestion([]), [voice(true, LISTEN, LISTEN + 120), voice(false, LISTEN + 4_000, LISTEN + 4_400)]);
    expect(ended).toEqual(normal);
  });

  it('an echo tail that stops 300 ms into listening: a student who then says nothing gets exactly the unheard answer', () => {
    const echo = untilAnswered(firstQuestion([voice(true, 12_900, 13_020)]), [voice(false, LISTEN + 300, LISTEN + 700)]);
    const silent = untilAnswered(firstQuestion([]), []);
    expect(echo.at).toBe(LISTEN + NO_SPEECH_TIMEOUT_MS);
    expect(echo.answer).toEqual({
      part: 1,
      questionNumber: 1,
      question: QUESTIONS.part1[0],
      answer: '',
      responseTimeMs: null,
      speakingTimeMs: 0,
      recordingStartMs: QUESTION_ENDS - 10_000,
      recordingEndMs: LISTEN + NO_SPEECH_TIMEOUT_MS - 10_000,
    });
    expect(echo).toEqual(silent);
  });

  it('an echo tail whose end is reported after the threshold is judged by when it stopped', () => {
    const d = firstQuestion([voice(true, 12_900, 13_020)]);
    d.send(LISTEN + CARRIED_VOICE_MIN_MS + 100, { type: 'VOICE', speaking: false, at: LISTEN + CARRIED_VOICE_MIN_MS - 300 });
    expect(d.state.answer).toMatchObject({ voiceSince: null, voiceCarried: false, voicedMs: 0, firstSpeechAt: null, lastSpeechAt: null });
  });

  it('after an echo tail, the student speaking later is heard as usual', () => {
    const d = firstQuestion([voice(true, 12_900, 13_020)]);
    const ended = untilAnswered(d, [voice(false, LISTEN + 300, LISTEN + 700), voice(true, 16_000, 16_120), voice(false, 18_000, 18_400)]);
    expect(ended.at).toBe(18_000 + SILENCE_TO_END_ANSWER_MS);
    expect(ended.answer).toMatchObject({ responseTimeMs: 16_000 - QUESTION_ENDS, speakingTimeMs: 2_000 });
  });

  it('a VOICE start that ended before listening carries nothing', () => {
    const d = firstQuestion([voice(true, 11_000, 11_120), voice(false, 12_000, 12_400)]);
    expect(d.state.voiceNow).toBe(false);
    expect(d.state.answer).toMatchObject({ voiceSince: null, voiceCarried: false });
    expect(untilAnswered(d, [])).toEqual(untilAnswered(firstQuestion([]), []));
  });

  it('carried sound that never stops holds the answer to its time limit, counted from listening', () => {
    const d = firstQuestion([voice(true, 12_800, 12_920)]);
    expect(() => untilAnswered(d, [])).toThrow(/never ended/);
    d.timer(LISTEN + ANSWER_TIME_LIMIT_MS[1], 'answerLimit');
    expect(d.state.answers[0]).toMatchObject({ responseTimeMs: 500, speakingTimeMs: ANSWER_TIME_LIMIT_MS[1] });
  });
});

describe('speaking test: Part 2, sound already heard when the speaking minute starts', () => {
  /** Part 2's preparation minute from 1 s; `before` reported during it; the speaking phase opens at 61 s. */
  function speakingPhase(recognition: boolean, before: Reported[]): Driver {
    const d = new Driver('desktop', 0, { recognition });
    d.start(0);
    d.state = { ...d.state, stage: 'part2', phase: 'part2Announcement', speechId: 'a' };
    d.send(1_000, { type: 'SPEECH_DONE', id: 'a', outcome: 'ended' });
    for (let k = 1; k <= 59; k += 1) d.timer(1_000 + k * 1_000, 'prepTick');
    for (const { reportedAt, event } of before) d.send(reportedAt, event);
    d.timer(61_000, 'prepTick');
    expect(d.state.phase).toBe('part2Speaking');
    return d;
  }

  it.each([true, false])('time spoken counts carried sound once it has lasted 1 s (recognition: %s)', (recognition) => {
    const d = speakingPhase(recognition, [voice(true, 60_500, 60_620)]);
    d.timer(61_000 + CARRIED_VOICE_MIN_MS - 1, 'speakTick');
    expect(selectScreen(d.state).part2SpokenSeconds).toBe(0);
    d.send(67_400, { type: 'VOICE', speaking: false, at: 67_000 });
    d.timer(68_000, 'speakTick');
    expect(selectScreen(d.state).part2SpokenSeconds).toBe(6);
  });

  it('without recognition the long turn is saved as started with the speaking phase; an echo tail leaves it unheard', () => {
    const saved = (before: Reported[], during: Reported[]): SpeakingTestAnswer | undefined => {
      const d = speakingPhase(false, before);
      for (const { reportedAt, event } of during) d.send(reportedAt, event);
      for (let k = 1; k <= 120; k += 1) d.timer(61_000 + k * 1_000, 'speakTick');
      d.timer(181_100, 'handOff');
      return d.state.answers.find((a) => a.part === 2);
    };
    expect(saved([voice(true, 60_500, 60_620)], [voice(false, 67_000, 67_400)])).toMatchObject({ responseTimeMs: 0, speakingTimeMs: 6_000 });
    expect(saved([voice(true, 60_800, 60_920)], [voice(false, 61_300, 61_700)])).toMatchObject({ responseTimeMs: null, speakingTimeMs: 0 });
  });
});
