import { answerPieces, gapsBetween, speechInside, type TimeSpan } from '../../shared/speech-spans.js';
import { answerWords } from '../../shared/interview/answers.js';
import type { Segment } from './features.js';

/** One answer's window on the recording's clock (ms from the recording's start). */
export interface AnswerWindow {
  part: 1 | 2 | 3 | null;
  questionNumber: number;
  startMs: number;
  endMs: number;
  /** Stretches inside the window when the test was held (Part 2 paused mid-turn): not the student's. */
  held?: TimeSpan[];
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
  recordingHeldMs?: unknown;
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
    const held = heldInside(answer.recordingHeldMs, startMs, endMs);
    placed.push({ ...rest, startMs, endMs, ...(held.length > 0 ? { held } : {}) });
  }
  return placed.length > 0 ? placed : null;
}

/** The stretches the page says the answer was held, when each lies in the window, in order: else none. */
function heldInside(value: unknown, startMs: number, endMs: number): TimeSpan[] {
  if (!Array.isArray(value)) return [];
  const held: TimeSpan[] = [];
  for (const hold of value as unknown[]) {
    const { startMs: from, endMs: to } = (hold ?? {}) as Partial<Record<'startMs' | 'endMs', unknown>>;
    if (typeof from !== 'number' || typeof to !== 'number' || from < (held.at(-1)?.endMs ?? startMs) || to < from || to > endMs) return [];
    held.push({ startMs: from, endMs: to });
  }
  return held;
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

/**
 * One answer's speech, measured piece by piece (answerPieces: the window less any stretch the test
 * was held): its stretches of speech, their span from first sound to last in each piece, the
 * syllables and the pauses inside the pieces.
 */
function measureAnswer(window: AnswerWindow, segments: readonly Segment[], nucleiMs: readonly number[]) {
  const pieces = answerPieces(window).map((piece) => ({ piece, inside: speechInside(piece, segments) }));
  const inside = pieces.flatMap((p) => p.inside);
  return {
    inside,
    speakingTimeMs: inside.reduce((sum, segment) => sum + segment.endMs - segment.startMs, 0),
    spanMs: pieces.reduce((sum, p) => sum + spanOf(p.inside), 0),
    syllables: pieces.reduce((sum, p) => sum + syllablesIn(p.piece, nucleiMs), 0),
    pauses: pieces.flatMap((p) => pausesBetween(p.inside)),
  };
}

/** Speech, syllables and pauses inside each window (speech rate over the answer's own first-to-last speech, less any hold). */
export function answerFigures(windows: readonly AnswerWindow[], segments: readonly Segment[], nucleiMs: readonly number[]): AnswerFigures[] {
  return windows.map((window) => {
    const { text: _text, ...placed } = window;
    const { speakingTimeMs, spanMs, syllables, pauses } = measureAnswer(window, segments, nucleiMs);
    return { ...placed, speakingTimeMs, syllables, speechRateSps: spanMs > 0 ? round(syllables / (spanMs / 1000), 2) : 0, pauses: pauseSummary(pauses) };
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
    const answer = measureAnswer(window, segments, nucleiMs);
    if (answer.inside.length === 0) continue;
    speakingTimeMs += answer.speakingTimeMs;
    spanMs += answer.spanMs;
    syllables += answer.syllables;
    runs += answer.inside.length;
    pauses.push(...answer.pauses);
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
