/*
 * A whole test as each browser kind drives the flow, with explicit times: the examiner's
 * lines take 2 s, the timers fire when due, and a scripted student (and recogniser, or microphone
 * level) acts at fixed offsets. Whatever the browser and whatever the student does, the test
 * reaches its end, and no phase waits longer than its part's limit.
 */
import { describe, expect, it } from 'vitest';
import {
  ANDROID_FALLBACK_COUNTDOWN_MS,
  ANSWER_TIME_LIMIT_MS,
  LISTEN_DELAY_AFTER_QUESTION_MS,
  NO_SPEECH_TIMEOUT_MS,
  PART2_ANSWER_HANDOFF_DELAY_MS,
  PART2_PREPARATION_MS,
  PART2_SPEAKING_MS,
  PART3_INTRO_WAIT_MS,
  RECOGNITION_END_DELAY_MS,
  SILENCE_TO_END_ANSWER_MS,
} from '../../../../shared/speaking-test/constants.js';
import { scoreSpeakingTest } from '../../../../shared/speaking-test/scoring.js';
import { Driver, type EventWithoutNow } from './test-helpers.js';
import type { Command, DeviceKind, Phase, TimerName } from './types.js';

const SPEECH_MS = 2_000;
/** Chrome ends a recognition session this long after listening began when nothing is said. */
const CHROME_NO_SPEECH_END_MS = 8_000;

type Browser = { name: string; device: DeviceKind; recognition: boolean };
const BROWSERS: Browser[] = [
  { name: 'Chrome desktop', device: 'desktop', recognition: true },
  { name: 'Chrome on Android', device: 'android', recognition: true },
  { name: 'Safari on an Apple device', device: 'apple', recognition: true },
  { name: 'Firefox (no recognition)', device: 'desktop', recognition: false },
];

/** What the student does in each answer. */
type Student = 'answers' | 'silent' | 'never stops';

/** The longest each phase may last (ms): the part's limit plus what the flow adds at its edges. */
function phaseLimit(phase: Phase, part: 1 | 2 | 3): number {
  switch (phase) {
    case 'asking':
    case 'part2Announcement':
    case 'part3Intro':
      return SPEECH_MS;
    case 'afterQuestion':
      return LISTEN_DELAY_AFTER_QUESTION_MS;
    case 'answering':
      return ANSWER_TIME_LIMIT_MS[part === 3 ? 3 : 1];
    case 'part2Preparation':
      return PART2_PREPARATION_MS;
    case 'part2Speaking':
      return PART2_SPEAKING_MS;
    case 'part2HandOff':
      return PART2_ANSWER_HANDOFF_DELAY_MS;
    case 'part3IntroWait':
      return PART3_INTRO_WAIT_MS;
    default:
      return 0;
  }
}

interface Run {
  end: number;
  answers: number;
  /** The longest stay in each phase, per part. */
  longest: Map<string, number>;
  transcriptMissing: boolean;
  saved: Extract<Command, { type: 'finish' }> | null;
}

/** Runs a whole test: timers fire when due, the examiner takes SPEECH_MS a line, the student acts as scripted. */
function runTest(browser: Browser, student: Student): Run {
  const d = new Driver(browser.device, 0, { recognition: browser.recognition });
  const timers = new Map<TimerName, number>();
  /** Scripted events; those of an answer (`key`) are dropped once that answer is over. */
  const script: { at: number; event: EventWithoutNow; key: string | null }[] = [];
  let actedFor: string | null = null;
  const answerKey = () => {
    const a = d.state.answer;
    return a && a.listenStartedAt !== null ? `${a.part}-${a.questionNumber}-${a.listenStartedAt}` : null;
  };
  let listening = false;
  let saved: Run['saved'] = null;
  const longest = new Map<string, number>();
  let phaseKey = `${d.state.phase}`;
  let phaseSince = 0;

  const apply = (now: number, commands: readonly Command[]) => {
    for (const command of commands) {
      switch (command.type) {
        case 'schedule':
          timers.set(command.timer, now + command.delayMs);
          break;
        case 'cancelTimer':
          timers.delete(command.timer);
          break;
        case 'speak':
          script.push({ at: now + SPEECH_MS, event: { type: 'SPEECH_DONE', id: command.id, outcome: 'ended' }, key: null });
          break;
        case 'startListening':
          listening = true;
          break;
        case 'stopListening':
          listening = false;
          break;
        case 'finish':
          // The edge works out the estimate (here at once), reports it and saves the attempt.
          saved = command;
          apply(now, d.send(now, { type: 'SCORED', result: scoreSpeakingTest(command.answers, { transcript: !command.noTranscript }) }));
          break;
        default:
          break;
      }
    }
    const key = answerKey();
    if (key !== null && key !== actedFor) {
      actedFor = key;
      actInAnswer(now, key);
    }
    const part = d.state.stage === 'part3' ? 3 : d.state.stage === 'part2' ? 2 : 1;
    const phase = `${part}:${d.state.phase}`;
    if (phase !== phaseKey) {
      phaseKey = phase;
      phaseSince = now;
    }
    longest.set(phase, Math.max(longest.get(phase) ?? 0, now - phaseSince));
  };

  /** The student and the recogniser (or the microphone level) in the answer just opened. */
  const actInAnswer = (now: number, key: string) => {
    const live = d.state.transcription === 'live';
    const at = (offset: number, event: EventWithoutNow) => script.push({ at: now + offset, event, key });
    if (student === 'answers') {
      at(700, { type: 'VOICE', speaking: true, at: now + 700 });
      if (live) at(1_500, { type: 'FINAL', text: 'I think so because it is useful', at: now + 1_500 });
      if (live) at(3_800, { type: 'FINAL', text: 'in many ways', at: now + 3_800 });
      if (live) at(5_900, { type: 'FINAL', text: 'for example at work', at: now + 5_900 });
      at(6_000, { type: 'VOICE', speaking: false, at: now + 6_000 });
    } else if (student === 'never stops') {
      at(500, { type: 'VOICE', speaking: true, at: now + 500 });
      if (live) for (let t = 1_000; t < 200_000; t += 2_000) at(t, { type: 'INTERIM', text: `words ${t}` });
    }
    // Chrome ends a session on its own when nothing is said (Android after each restart too); Android ends them often.
    if (live && student === 'silent') for (let k = 1; k <= 4; k += 1) at(k * CHROME_NO_SPEECH_END_MS, { type: 'RECOGNITION_ENDED' });
    if (live && browser.device === 'android' && student === 'answers') at(4_000, { type: 'RECOGNITION_ENDED' });
  };

  const start = d.start(0);
  apply(0, start);
  for (let steps = 0; steps < 10_000 && d.state.stage !== 'complete'; steps += 1) {
    let next: { at: number; fire: () => Command[] } | null = null;
    for (const [timer, at] of timers) {
      if (!next || at < next.at) next = { at, fire: () => (timers.delete(timer), d.timer(at, timer)) };
    }
    script.sort((a, b) => a.at - b.at);
    const first = script[0];
    if (first && (!next || first.at <= next.at)) {
      next = { at: first.at, fire: () => (script.shift(), d.send(first.at, first.event)) };
    }
    if (!next) throw new Error(`${browser.name}: the flow waits for ever in ${d.state.stage}/${d.state.phase}`);
    // An answer's events stop with it; recogniser events only arrive while it listens.
    const stale = first !== undefined && first.key !== null && first.key !== answerKey();
    const deaf = first !== undefined && !listening && ['FINAL', 'INTERIM', 'RECOGNITION_ENDED'].includes(first.event.type);
    if (first && next.at === first.at && (stale || deaf)) {
      script.shift();
      continue;
    }
    const at = next.at;
    apply(at, next.fire());
  }
  return { end: d.state.lastEventAt, answers: d.state.answers.length, longest, transcriptMissing: d.state.transcriptMissing, saved };
}

describe.each(BROWSERS)('a whole test on $name', (browser) => {
  const transcribed = browser.recognition && browser.device !== 'apple';

  it.each<Student>(['answers', 'silent', 'never stops'])('reaches the end when the student %s, no phase past its limit', (student) => {
    const run = runTest(browser, student);
    expect(run.answers).toBe(21);
    for (const [key, ms] of run.longest) {
      const [part, phase] = key.split(':') as [string, Phase];
      expect(ms, `${browser.name}: ${key}`).toBeLessThanOrEqual(phaseLimit(phase, Number(part) as 1 | 2 | 3));
    }
    expect(run.transcriptMissing).toBe(!transcribed);
    expect(run.saved?.noTranscript).toBe(!transcribed);
    // 20 questions of at most their limit, plus Part 2's 3 minutes and the spoken lines: the test is bounded.
    const bound = 10 * (SPEECH_MS + 500 + ANSWER_TIME_LIMIT_MS[1]) + 10 * (SPEECH_MS + 500 + ANSWER_TIME_LIMIT_MS[3]) + 200_000;
    expect(run.end).toBeLessThan(bound);
  });

  it('ends a spoken answer 3 s after the speech (or the Android fallback), not at the time limit', () => {
    const run = runTest(browser, 'answers');
    const answering = run.longest.get('1:answering') ?? 0;
    if (browser.device === 'android' && transcribed) {
      // Four session ends at 4 s each would exceed the answer: the spoken answer ends on silence first.
      expect(answering).toBeLessThanOrEqual(5_900 + SILENCE_TO_END_ANSWER_MS + 500);
    } else {
      expect(answering).toBeGreaterThanOrEqual(5_000 + SILENCE_TO_END_ANSWER_MS);
      expect(answering).toBeLessThanOrEqual(6_000 + SILENCE_TO_END_ANSWER_MS + 500);
    }
    const answers = run.saved?.answers ?? [];
    expect(answers.filter((a) => a.part !== 2 && (a.responseTimeMs === null || a.speakingTimeMs <= 0))).toEqual([]);
    expect(answers.filter((a) => (a.answer !== '') !== transcribed)).toEqual([]);
  });

  it('closes a silent answer without waiting for the limit', () => {
    const run = runTest(browser, 'silent');
    const answering = run.longest.get('1:answering') ?? 0;
    const expected = !transcribed
      ? NO_SPEECH_TIMEOUT_MS
      : browser.device === 'android'
        ? // Every session ends at 8 s: 3 restarts, then the 3 s fallback.
          4 * CHROME_NO_SPEECH_END_MS + ANDROID_FALLBACK_COUNTDOWN_MS
        : CHROME_NO_SPEECH_END_MS + RECOGNITION_END_DELAY_MS;
    expect(answering).toBeLessThanOrEqual(expected + 500);
  });
});
