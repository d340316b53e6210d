import type { SpeakingTestAnswer } from './answer.js';
import { PART_TITLES, TIMELINE_CUE_CARD_MS, TIMELINE_MIN_ANSWER_MS, TIMELINE_MIN_QUESTION_MS, TIMELINE_MS_PER_CHARACTER, TIMELINE_PART2_ANSWER_MS, TIMELINE_TURN_GAP_MS } from './constants.js';
import { CUE_CARD_PROMPT_TEXT } from './examiner-lines.js';
import type { CueCard } from './questions.js';
import { roundToHalfBand, type SpeakingTestResult } from './scoring.js';

/*
 * The text downloads of a finished test: the transcript, and the complete-audio description (a
 * timeline estimating when each question and answer would play). The date and its time zone are
 * passed in; nothing here reads a clock.
 */

const PRODUCT_TITLE = 'Parley IELTS Speaking Practice Test';
const NO_ANSWER_TEXT = '(no answer recorded)';
/** An answer said aloud where the browser could not transcribe: it is on the recording, not lost. */
const NOT_TRANSCRIBED_ANSWER_TEXT = '(recorded, not transcribed)';
const emptyAnswerText = (noTranscript: boolean | undefined) => (noTranscript ? NOT_TRANSCRIBED_ANSWER_TEXT : NO_ANSWER_TEXT);

export interface TranscriptInput {
  studentName: string;
  completedAt: Date;
  /** IANA zone the dates are written in, e.g. 'Asia/Kolkata'. */
  timeZone: string;
  durationSeconds: number;
  result: SpeakingTestResult;
  answers: readonly SpeakingTestAnswer[];
  /** The Part 2 card, to print its bullets; without it Part 2 shows the question text only. */
  cueCard?: CueCard;
  /** The answers were recorded but the browser transcribed none of them. */
  noTranscript?: boolean;
}

type BandKey = 'overall' | 'fluency' | 'vocabulary' | 'grammar' | 'pronunciation';
type Criterion = Exclude<BandKey, 'overall'>;

/** What the transcript says of the estimate: each band with the advice to raise it, or why there is none. */
export type TranscriptEstimate =
  | {
      assessable: true;
      /** Unrounded; a band the attempt has no figure for (null) is written as a dash. */
      bands: Record<BandKey, number | null>;
      advice: Record<Criterion, string>;
      partNotes: readonly { part: number; message: string }[];
    }
  | { assessable: false; reason: string };

/** The words of one answer as the transcript writes them. */
export interface TranscriptAnswer {
  part: number;
  questionNumber: number;
  question: string;
  answer: string;
}

/** A transcript of any test, just finished (buildTranscriptText) or saved earlier (saved-transcript.ts). */
export interface TranscriptDocument {
  studentName: string;
  completedAt: Date;
  timeZone: string;
  durationSeconds: number;
  estimate: TranscriptEstimate;
  /** Lines written after the estimate (a teacher's released review), when any. */
  review?: readonly string[];
  answers: readonly TranscriptAnswer[];
  cueCard?: CueCard;
  /** Answers left out of the estimate, with the reason the student reads. */
  nonAnswers: readonly { part: number; questionNumber: number; reason: string }[];
  noTranscript?: boolean;
}

/** The results' Download Transcript (spec section 9). */
export function buildTranscriptText(input: TranscriptInput): string {
  const { result } = input;
  const estimate: TranscriptEstimate = result.assessable
    ? {
        assessable: true,
        bands: result.bands,
        advice: {
          fluency: result.criteria.fluency.advice,
          vocabulary: result.criteria.vocabulary.advice,
          grammar: result.criteria.grammar.advice,
          pronunciation: result.criteria.pronunciation.advice,
        },
        partNotes: result.partNotes,
      }
    : { assessable: false, reason: result.reason };
  return transcriptDocumentText({ ...input, estimate, nonAnswers: result.nonAnswers });
}

export function transcriptDocumentText(input: TranscriptDocument): string {
  const lines = [
    `${PRODUCT_TITLE}: Transcript`,
    '',
    `Student: ${input.studentName}`,
    `Date: ${transcriptDateTime(input.completedAt, input.timeZone)}`,
    `Duration: ${durationText(input.durationSeconds)}`,
    ...estimateLines(input.estimate),
    ...(input.review && input.review.length > 0 ? ['', ...input.review] : []),
  ];
  for (const [part, answers] of byPart(input.answers)) {
    lines.push('', `PART ${part}: ${PART_TITLES[part].toUpperCase()}`);
    for (const answer of answers) {
      lines.push('');
      if (part === 2) {
        lines.push(`Cue card: ${oneLine(input.cueCard?.topic ?? answer.question)}`);
        if (input.cueCard) lines.push(CUE_CARD_PROMPT_TEXT, ...input.cueCard.bullets.map((bullet) => `  - ${bullet}`));
      } else {
        lines.push(`Q${answer.questionNumber}. ${oneLine(answer.question)}`);
      }
      lines.push(`Answer: ${oneLine(answer.answer) || emptyAnswerText(input.noTranscript)}`);
      const nonAnswer = input.nonAnswers.find((item) => item.part === answer.part && item.questionNumber === answer.questionNumber);
      if (nonAnswer) lines.push(`Not counted: ${nonAnswer.reason}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** 'ielts-speaking-transcript-2025-11-21.txt', the date as it is in the given zone. */
export function transcriptFileName(date: Date, timeZone: string): string {
  return `ielts-speaking-transcript-${localDate(date, timeZone)}.txt`;
}

export function audioDescriptionFileName(date: Date, timeZone: string): string {
  return `ielts-speaking-audio-timeline-${localDate(date, timeZone)}.txt`;
}

/** The response recording: mp4 on Apple devices, webm elsewhere (spec section 9). */
export function recordingFileName(date: Date, timeZone: string, extension: 'mp4' | 'webm'): string {
  return `ielts-speaking-recording-${localDate(date, timeZone)}.${extension}`;
}

export interface TimelineEntry {
  part: 1 | 2 | 3;
  speaker: 'Examiner' | 'Candidate';
  text: string;
  startMs: number;
  durationMs: number;
}

export interface AudioTimeline {
  entries: TimelineEntry[];
  totalMs: number;
}

/**
 * The spec's estimate of the complete audio: each question, then its answer, in part order. A
 * question lasts 0.1 s per character, at least 3 s; an answer 0.1 s per character, at least 2 s;
 * 1 s passes between any two turns. In Part 2 the cue card counts 15 s and the answer 120 s, so
 * the Part 2 block takes 15 + 1 + 120 = 136 s (TIMELINE_PART2_RESERVED_MS). Characters are counted
 * after collapsing white space, in code points. Times are whole milliseconds, so sums are exact.
 */
export function buildAudioTimeline(answers: readonly SpeakingTestAnswer[], cueCard?: CueCard, noTranscript?: boolean): AudioTimeline {
  const entries: TimelineEntry[] = [];
  let nextStartMs = 0;
  const add = (part: TimelineEntry['part'], speaker: TimelineEntry['speaker'], text: string, durationMs: number) => {
    entries.push({ part, speaker, text, startMs: nextStartMs, durationMs });
    nextStartMs += durationMs + TIMELINE_TURN_GAP_MS;
  };
  for (const [part, inPart] of byPart(answers)) {
    for (const answer of inPart) {
      const question = oneLine(part === 2 && cueCard ? cueCardText(cueCard) : answer.question);
      const reply = oneLine(answer.answer);
      add(part, 'Examiner', question, part === 2 ? TIMELINE_CUE_CARD_MS : spokenMs(question, TIMELINE_MIN_QUESTION_MS));
      add(part, 'Candidate', reply || emptyAnswerText(noTranscript), part === 2 ? TIMELINE_PART2_ANSWER_MS : spokenMs(reply, TIMELINE_MIN_ANSWER_MS));
    }
  }
  const last = entries.at(-1);
  return { entries, totalMs: last === undefined ? 0 : last.startMs + last.durationMs };
}

export interface AudioDescriptionInput {
  studentName: string;
  completedAt: Date;
  timeZone: string;
  answers: readonly SpeakingTestAnswer[];
  cueCard?: CueCard;
  /** The answers were recorded but the browser transcribed none of them. */
  noTranscript?: boolean;
}

export function buildAudioDescriptionText(input: AudioDescriptionInput): string {
  const timeline = buildAudioTimeline(input.answers, input.cueCard, input.noTranscript);
  const lines = [
    `${PRODUCT_TITLE}: Complete audio description`,
    '',
    `Student: ${input.studentName}`,
    `Date: ${transcriptDateTime(input.completedAt, input.timeZone)}`,
    `Estimated length: ${clock(timeline.totalMs)}`,
    `(Estimated: ${TIMELINE_MS_PER_CHARACTER / 1000} s per character, questions at least ${TIMELINE_MIN_QUESTION_MS / 1000} s, answers at least ${TIMELINE_MIN_ANSWER_MS / 1000} s, ${TIMELINE_TURN_GAP_MS / 1000} s between turns; Part 2: cue card ${TIMELINE_CUE_CARD_MS / 1000} s, answer ${TIMELINE_PART2_ANSWER_MS / 1000} s.)`,
    '',
    ...timeline.entries.map(
      (entry) => `[${clock(entry.startMs)}-${clock(entry.startMs + entry.durationMs)}] Part ${entry.part}, ${entry.speaker}: ${entry.text}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

function spokenMs(text: string, minimumMs: number): number {
  return Math.max(minimumMs, Array.from(text).length * TIMELINE_MS_PER_CHARACTER);
}

function cueCardText(card: CueCard): string {
  return [card.topic, CUE_CARD_PROMPT_TEXT, ...card.bullets].join(' ');
}

/** Answers grouped by part (1, 2, 3; parts without answers left out), each in question order. */
function byPart<A extends TranscriptAnswer>(answers: readonly A[]): [1 | 2 | 3, A[]][] {
  return ([1, 2, 3] as const)
    .map((part): [1 | 2 | 3, A[]] => [
      part,
      answers.filter((answer) => answer.part === part).sort((a, b) => a.questionNumber - b.questionNumber),
    ])
    .filter(([, inPart]) => inPart.length > 0);
}

/** A band as the transcript writes it: to the nearest half band, or a dash where there is none. */
export function transcriptBand(value: number | null | undefined): string {
  return typeof value === 'number' ? roundToHalfBand(value).toFixed(1) : '—';
}

function estimateLines(estimate: TranscriptEstimate): string[] {
  if (!estimate.assessable) return ['Estimated band: not assessed', estimate.reason];
  const { bands, advice } = estimate;
  return [
    `Estimated overall band: ${transcriptBand(bands.overall)}`,
    `Fluency ${transcriptBand(bands.fluency)}, Vocabulary ${transcriptBand(bands.vocabulary)}, Grammar ${transcriptBand(bands.grammar)}, Pronunciation ${transcriptBand(bands.pronunciation)}`,
    '',
    'To raise each band:',
    `  Fluency: ${advice.fluency}`,
    `  Vocabulary: ${advice.vocabulary}`,
    `  Grammar: ${advice.grammar}`,
    `  Pronunciation: ${advice.pronunciation}`,
    ...estimate.partNotes.map((note) => `  Part ${note.part}: ${note.message}`),
  ];
}

function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function durationText(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${seconds} s`;
}

/** m:ss.s; every timeline time is a multiple of 100 ms. */
function clock(ms: number): string {
  const tenths = Math.round(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const secondsTenths = tenths % 600;
  return `${minutes}:${String(Math.floor(secondsTenths / 10)).padStart(2, '0')}.${secondsTenths % 10}`;
}

function localParts(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

function localDate(date: Date, timeZone: string): string {
  const { year, month, day } = localParts(date, timeZone);
  return `${year}-${month}-${day}`;
}

/** '2025-11-21 14:05 (Asia/Kolkata)': the transcripts' way of writing a moment. */
export function transcriptDateTime(date: Date, timeZone: string): string {
  const { hour, minute } = localParts(date, timeZone);
  return `${localDate(date, timeZone)} ${hour}:${minute} (${timeZone})`;
}
