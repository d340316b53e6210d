import { gapsBetween, speechInside } from '../../shared/speech-spans.js';
import { answerWords } from '../../shared/interview/answers.js';
import type { Segment } from './features.js';

/** One answer's window on the recording's clock (ms from the recording's start). */
export interface AnswerWindow {
  part: 1 | 2 | 3 | null;
  questionNumber: number;
  startMs: number;
  endMs: number;
  /** What the recognizer heard in the answer ('' when nothing). */
  text: string;
}

export interface AnswerFigures extends Omit<AnswerWindow, 'text'> {
  speakingTimeMs: number;
  syllables: number;
  speechRateSps: number;
  pauses: { count: number; meanMs: number; longestMs: number };
}

/** Where the page placed an answer on the recording (ms from its start), when it says so. */
interface PlacedOnRecording {
  recordingStartMs?: unknown;
  recordingEndMs?: unknown;
}

interface IeltsSessionData {
  duration?: unknown;
  completedAt?: unknown;
  transcript?: Array<{ speaker?: unknown; timestamp?: unknown; part?: unknown }>;
  questionAnswerPairs?: Array<{ part?: unknown; questionNumber?: unknown; timestamp?: unknown; answer?: unknown } & PlacedOnRecording>;
}

interface InterviewSessionData {
  questions?: Array<{ questionId?: unknown; timestamp?: unknown; answer?: unknown } & PlacedOnRecording>;
}

const partOf = (value: unknown): AnswerWindow['part'] => (value === 1 || value === 2 || value === 3 ? value : null);

const timeOf = (value: unknown): number | null => {
  const at = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
  return Number.isFinite(at) ? at : null;
};

/**
 * The windows the page gave, each answer's place on the recording (an answer without one has none):
 * null when none has one (attempts saved before the page sent them) or they are not in order.
 */
function placedWindows<T extends PlacedOnRecording>(answers: readonly T[], windowOf: (answer: T, index: number) => Omit<AnswerWindow, 'startMs' | 'endMs'> | null): AnswerWindow[] | null {
  const placed: AnswerWindow[] = [];
  for (const [index, answer] of answers.entries()) {
    const { recordingStartMs: startMs, recordingEndMs: endMs } = answer;
    const rest = windowOf(answer, index);
    if (typeof startMs !== 'number' || typeof endMs !== 'number' || endMs < startMs || rest === null) continue;
    if (startMs < (placed.at(-1)?.endMs ?? 0)) return null;
    placed.push({ ...rest, startMs, endMs });
  }
  return placed.length > 0 ? placed : null;
}

/**
 * Where each answer lies on the recording. The page says so for each answer (its recording's own
 * clock: the interview's recording pauses between answers; the speaking test's runs from Start Test,
 * each window from the question's end to the answer's close). Attempts saved before then are placed
 * by their own timeline: the speaking test's recording starts `duration` seconds (rounded to the
 * second) before `completedAt`, a question's window runs from the examiner's line to the student's;
 * the interview's answer timestamps are ms from its start, a window from one answer to the next.
 */
export function answerWindows(kind: 'ielts' | 'interview', sessionData: unknown): AnswerWindow[] {
  if (kind === 'interview') {
    const questions = (sessionData as InterviewSessionData).questions ?? [];
    const placed = placedWindows(questions, (question, index) => ({
      part: null,
      questionNumber: index + 1,
      text: typeof question.answer === 'string' ? answerWords(question.answer) : '',
    }));
    if (placed) return placed;
    let previous = 0;
    return questions.flatMap((question, index) => {
      const at = typeof question.timestamp === 'number' ? question.timestamp : null;
      if (at === null || at < previous) return [];
      const text = typeof question.answer === 'string' ? answerWords(question.answer) : '';
      const window = { part: null, questionNumber: index + 1, startMs: previous, endMs: at, text };
      previous = at;
      return [window];
    });
  }
  const data = sessionData as IeltsSessionData;
  const pairs = data.questionAnswerPairs ?? [];
  const placed = placedWindows(pairs, (pair) =>
    typeof pair.questionNumber === 'number' ? { part: partOf(pair.part), questionNumber: pair.questionNumber, text: typeof pair.answer === 'string' ? pair.answer : '' } : null,
  );
  if (placed) return placed;
  const completed = timeOf(data.completedAt);
  const duration = typeof data.duration === 'number' ? data.duration : null;
  if (completed === null || duration === null) return [];
  const recordingStart = completed - duration * 1000;
  const examinerLines = (data.transcript ?? []).filter((entry) => entry.speaker === 'Examiner');
  return pairs.flatMap((pair, index) => {
    const asked = timeOf(examinerLines[index]?.timestamp);
    const answered = timeOf(pair.timestamp);
    if (asked === null || answered === null || answered < asked || typeof pair.questionNumber !== 'number') return [];
    const text = typeof pair.answer === 'string' ? pair.answer : '';
    return [{ part: partOf(pair.part), questionNumber: pair.questionNumber, startMs: Math.max(0, asked - recordingStart), endMs: Math.max(0, answered - recordingStart), text }];
  });
}

/** `value` to `places` decimals: how every figure of the analysis is given. */
export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The length of every silence between consecutive stretches of speech (ms). All of them are pauses:
 * the stretches are already MIN_PAUSE_MS or more apart (a shorter silence lies inside a stretch), and
 * cutting them at a window's edges changes no gap between two of them.
 */
const pausesBetween = (inside: readonly Segment[]) => gapsBetween(inside).map((gap) => gap.endMs - gap.startMs);
const spanOf = (inside: readonly Segment[]) => (inside.length > 0 ? (inside.at(-1)?.endMs ?? 0) - (inside[0]?.startMs ?? 0) : 0);
const syllablesIn = (window: Segment, nucleiMs: readonly number[]) => nucleiMs.filter((ms) => ms >= window.startMs && ms < window.endMs).length;

/** How many pauses, their mean and the longest, from their lengths (ms). */
export function pauseSummary(lengths: readonly number[]): AnswerFigures['pauses'] {
  return {
    count: lengths.length,
    meanMs: lengths.length > 0 ? Math.round(lengths.reduce((a, b) => a + b, 0) / lengths.length) : 0,
    longestMs: lengths.length > 0 ? Math.max(...lengths) : 0,
  };
}

/** Speech, syllables and pauses inside each window (speech rate over the answer's own first-to-last speech). */
export function answerFigures(windows: readonly AnswerWindow[], segments: readonly Segment[], nucleiMs: readonly number[]): AnswerFigures[] {
  return windows.map(({ text: _text, ...window }) => {
    const inside = speechInside(window, segments);
    const syllables = syllablesIn(window, nucleiMs);
    const spanMs = spanOf(inside);
    return {
      ...window,
      speakingTimeMs: inside.reduce((sum, segment) => sum + segment.endMs - segment.startMs, 0),
      syllables,
      speechRateSps: spanMs > 0 ? round(syllables / (spanMs / 1000), 2) : 0,
      pauses: pauseSummary(pausesBetween(inside)),
    };
  });
}

/** The student's figures over all of their answers: what the recording says about how they speak. */
export interface AnswersFigures {
  speakingTimeMs: number;
  syllables: number;
  /** Syllables a second over the answers' spans (each from its first speech to its last, pauses inside included). */
  speechRateSps: number;
  articulationRateSps: number;
  phonationTimeRatio: number;
  /** The pauses inside answers; the silences between them (the examiner's questions, the preparation minute) are not the student's. */
  pauses: AnswerFigures['pauses'];
  meanLengthOfRunSyllables: number;
}

/**
 * The figures pooled over the answers' windows: each answer's speech from its first sound to its
 * last, so the examiner's questions, the student's time to start answering and Part 2's preparation
 * minute are never counted as the student's pauses. Null when no answer holds speech.
 */
export function overAnswers(windows: readonly AnswerWindow[], segments: readonly Segment[], nucleiMs: readonly number[]): AnswersFigures | null {
  let speakingTimeMs = 0;
  let spanMs = 0;
  let syllables = 0;
  let runs = 0;
  const pauses: number[] = [];
  for (const window of windows) {
    const inside = speechInside(window, segments);
    if (inside.length === 0) continue;
    speakingTimeMs += inside.reduce((sum, segment) => sum + segment.endMs - segment.startMs, 0);
    spanMs += spanOf(inside);
    syllables += syllablesIn(window, nucleiMs);
    runs += inside.length;
    pauses.push(...pausesBetween(inside));
  }
  if (speakingTimeMs <= 0 || spanMs <= 0) return null;
  return {
    speakingTimeMs,
    syllables,
    speechRateSps: round(syllables / (spanMs / 1000), 2),
    articulationRateSps: round(syllables / (speakingTimeMs / 1000), 2),
    phonationTimeRatio: round(speakingTimeMs / spanMs, 3),
    pauses: pauseSummary(pauses),
    meanLengthOfRunSyllables: round(syllables / runs, 1),
  };
}
