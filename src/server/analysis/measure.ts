import { alignAnswer, alignerAvailable, ALIGNER_MISSING_REASON, transcriptWords, wordHints, type AlignedWord } from './align.js';
import { answerFigures, overAnswers, type AnswerWindow } from './answers.js';
import { answerPieces, speechInside } from '../../shared/speech-spans.js';
import { decodeToPcm, samplesOfPcm, UndecodableRecordingError } from './decode.js';
import { ANALYSIS_SAMPLE_RATE, speechFeatures, speechTiming, type Segment, type SoundTrack } from './features.js';
import { speechFigures } from './metrics.js';
import { syllableTimes } from './syllables.js';
import { speechWithWords } from './word-evidence.js';

/** Each answer's words are looked for this far before and after its window (the timeline is placed to within half a second). */
const ALIGN_MARGIN_MS = 500;
/** ...and from half a second before the first speech heard there to half a second after the last. */
const SPEECH_MARGIN_MS = 500;

/** Recordings shorter than this hold no answer to measure. */
const MIN_ANALYSED_MS = 500;

export interface AnalysisRequest {
  /** Where each answer lies on the recording. */
  windows: AnswerWindow[];
  /** Whether to place the words; absent: when pocketsphinx is installed. */
  aligner?: boolean;
}

/** A recording's analysis from its bytes: what to measure, and how to decode them. */
export interface RecordingAnalysisRequest extends AnalysisRequest {
  /** The only container ffmpeg may read the bytes as (`-f`), from the recording's stored type. */
  inputFormat: string;
}

export type MeasureOutcome = { status: 'failed'; reason: string } | { status: 'done'; result: Record<string, unknown> };

/**
 * The whole analysis of one recording, in the analysis process (process.ts, child.ts): decoded by
 * `ffmpeg` from the bytes `source` yields, then measured. A recording that is not audio, or too short
 * to hold an answer, ends as failed with the reason a teacher reads.
 */
export async function analyseRecording(source: AsyncIterable<Uint8Array>, ffmpeg: string, request: RecordingAnalysisRequest): Promise<MeasureOutcome> {
  let pcm: Int16Array;
  try {
    pcm = await decodeToPcm(source, ffmpeg, request.inputFormat);
  } catch (error) {
    if (error instanceof UndecodableRecordingError) return { status: 'failed', reason: `The recording could not be read as audio: it may be damaged or cut short. (${error.message})` };
    throw error;
  }
  if ((pcm.length / ANALYSIS_SAMPLE_RATE) * 1000 < MIN_ANALYSED_MS) return { status: 'failed', reason: 'The recording is too short to measure (under half a second of audio).' };
  return measureRecording(samplesOfPcm(pcm), request);
}

/**
 * Everything the analysis works out from the samples: speech and pauses, the words placed on the
 * recording, syllables (from the placed words, else syllable nuclei: syllables.ts), and each
 * answer's figures.
 */
export async function measureRecording(samples: Float32Array, { windows, aligner }: AnalysisRequest): Promise<MeasureOutcome> {
  const features = speechFeatures(samples);
  if (features.segments.length === 0) return { status: 'failed', reason: 'No speech was heard in the recording: it is silent or only background noise.' };
  const aligned = await alignWords(samples, windows, features.segments, aligner ?? alignerAvailable());
  const syllables = syllableTimes(features.nucleiMs, windows, aligned.byWindow);
  const figures = speechFigures({ ...speechOf(features.segments, aligned.byWindow, features.sound), durationMs: features.durationMs, nucleiMs: syllables.timesMs });
  const answers = answerFigures(windows, figures.segments, figures.nucleiMs).map((answer, i) => ({ ...answer, syllableSource: syllables.windows[i] ?? 'nuclei' }));
  // The headline figures are the student's: over their answers when the timeline places them, so the
  // examiner's questions and Part 2's preparation minute are not counted as pauses.
  const pooled = overAnswers(windows, figures.segments, figures.nucleiMs);
  const { nucleiMs, ...recording } = figures;
  const shown = pooled ? { ...recording, ...pooled, figuresScope: 'answers' as const } : { ...recording, figuresScope: 'recording' as const };
  const placed = aligned.byWindow.flat().flatMap((word) => (word.startMs === null || word.endMs === null ? [] : [{ word: word.word, startMs: word.startMs, endMs: word.endMs, confidence: word.confidence }]));
  const hints = aligned.byWindow.flatMap((words, i) => wordHints(words, windows[i]?.startMs ?? 0));
  return { status: 'done', result: { ...shown, syllableSource: syllables.source, syllableTimesMs: nucleiMs, answers, words: placed, hints, alignment: aligned.alignment } };
}

/** The stretches of speech with the placed words' evidence (word-evidence.ts), their pauses and speaking time. */
function speechOf(segments: readonly Segment[], words: ReadonlyArray<readonly AlignedWord[]>, sound: SoundTrack) {
  const speech = speechWithWords(segments, words, sound);
  return { segments: speech, ...speechTiming(speech) };
}

/**
 * Each answer's transcript placed on its stretch of the recording (searchSpan): its window, half a
 * second wider each side, narrowed to the speech heard there, with any stretch of speech crossing
 * that edge taken whole, never into another answer's window.
 */
async function alignWords(samples: Float32Array, windows: readonly AnswerWindow[], speech: readonly Segment[], available: boolean) {
  const none = windows.map((): AlignedWord[] => []);
  if (!available) return { byWindow: none, alignment: { status: 'unavailable' as const, reason: ALIGNER_MISSING_REASON } };
  const byWindow: AlignedWord[][] = [];
  try {
    for (const [i, window] of windows.entries()) {
      byWindow.push([]);
      if (transcriptWords(window.text).length === 0) continue;
      const { startMs: from, endMs: to } = searchSpan(windows, i, speech, (samples.length / ANALYSIS_SAMPLE_RATE) * 1000);
      if (to <= from) continue;
      const slice = samples.subarray(Math.floor((from / 1000) * ANALYSIS_SAMPLE_RATE), Math.ceil((to / 1000) * ANALYSIS_SAMPLE_RATE));
      // The speech the words may lie on: none in a stretch the test was held (the aligner hears it silenced).
      const inSlice = answerPieces({ startMs: from, endMs: to, held: window.held }).flatMap((piece) => speechInside(piece, speech));
      byWindow[i] = await alignAnswer(slice, ANALYSIS_SAMPLE_RATE, window.text, from, inSlice);
    }
  } catch (error) {
    return { byWindow: none, alignment: { status: 'failed' as const, reason: `The words could not be placed on the recording: ${error instanceof Error ? error.message : String(error)}` } };
  }
  return { byWindow, alignment: { status: 'done' as const, reason: null } };
}

/**
 * Where window `i`'s words are searched (ms): the window, ALIGN_MARGIN_MS wider each side, narrowed
 * to the speech heard there (SPEECH_MARGIN_MS around it: Part 2's window holds its minute of
 * preparation, and a long silence before the words makes the search slow and the placing worse).
 * A stretch of speech crossing that edge is searched whole, with its margin: it is one run of words
 * with no pause in it, and cut where the timeline's edge falls, it leaves the aligner part of the
 * words' sound for all of the words, which it then crams into a few ms each or places out of order
 * (decision 0031: the e2e's first answer, a 0.7 s window on a 3.3 s sentence). Never into the
 * previous or next answer's window.
 */
export function searchSpan(windows: readonly AnswerWindow[], i: number, speech: readonly Segment[], durationMs: number): Segment {
  const window = windows[i];
  if (!window) return { startMs: 0, endMs: 0 };
  const floor = Math.max(0, ...windows.slice(0, i).map((other) => Math.min(other.endMs, window.startMs)));
  const ceiling = Math.min(durationMs, ...windows.slice(i + 1).map((other) => Math.max(other.startMs, window.endMs)));
  const before = Math.max(floor, window.startMs - ALIGN_MARGIN_MS);
  const after = Math.min(ceiling, window.endMs + ALIGN_MARGIN_MS);
  const near = speech.filter((segment) => segment.endMs > before && segment.startMs < after);
  const first = near[0];
  const last = near.at(-1);
  if (!first || !last) return { startMs: before, endMs: after };
  return {
    startMs: Math.max(floor, first.startMs < before ? first.startMs - SPEECH_MARGIN_MS : Math.max(before, first.startMs - SPEECH_MARGIN_MS)),
    endMs: Math.min(ceiling, last.endMs > after ? last.endMs + SPEECH_MARGIN_MS : Math.min(after, last.endMs + SPEECH_MARGIN_MS)),
  };
}
