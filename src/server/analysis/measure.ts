import { alignAnswer, alignerAvailable, ALIGNER_MISSING_REASON, transcriptWords, wordHints, type AlignedWord } from './align.js';
import { answerFigures, type AnswerWindow } from './answers.js';
import { decodeToPcm, samplesOfPcm, UndecodableRecordingError } from './decode.js';
import { ANALYSIS_SAMPLE_RATE, speechFeatures } from './features.js';
import { speechFigures, type SpeechFigures } from './metrics.js';

/** Each answer's words are looked for this far before and after its window (the timeline is placed to within half a second). */
const ALIGN_MARGIN_MS = 1000;
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
 * Everything the analysis works out from the samples: speech and pauses, syllable nuclei, each
 * answer's figures, and the words placed on the recording.
 */
export async function measureRecording(samples: Float32Array, { windows, aligner }: AnalysisRequest): Promise<MeasureOutcome> {
  const figures = speechFigures(speechFeatures(samples));
  if (figures.segments.length === 0) return { status: 'failed', reason: 'No speech was heard in the recording: it is silent or only background noise.' };
  const answers = answerFigures(windows, figures.segments, figures.nucleiMs);
  const { nucleiMs, ...shown } = figures;
  const words = await alignWords(samples, windows, figures.segments, aligner ?? alignerAvailable());
  return { status: 'done', result: { ...shown, syllableTimesMs: nucleiMs, answers, ...words } };
}

/** Each answer's transcript placed on its stretch of the recording (a second of margin each side). */
async function alignWords(samples: Float32Array, windows: readonly AnswerWindow[], speech: SpeechFigures['segments'], available: boolean) {
  if (!available) return { words: [], hints: [], alignment: { status: 'unavailable' as const, reason: ALIGNER_MISSING_REASON } };
  const words: AlignedWord[] = [];
  try {
    for (const window of windows) {
      if (transcriptWords(window.text).length === 0) continue;
      // Only where the student spoke: Part 2's window holds its minute of preparation, and a long
      // silence before the words makes the search slow and the placing worse.
      const near = speech.filter((segment) => segment.endMs > window.startMs - ALIGN_MARGIN_MS && segment.startMs < window.endMs + ALIGN_MARGIN_MS);
      const first = near[0];
      const last = near[near.length - 1];
      const from = Math.max(0, window.startMs - ALIGN_MARGIN_MS, first ? first.startMs - SPEECH_MARGIN_MS : 0);
      const to = Math.min((samples.length / ANALYSIS_SAMPLE_RATE) * 1000, window.endMs + ALIGN_MARGIN_MS, last ? last.endMs + SPEECH_MARGIN_MS : Number.POSITIVE_INFINITY);
      if (to <= from) continue;
      const slice = samples.subarray(Math.floor((from / 1000) * ANALYSIS_SAMPLE_RATE), Math.ceil((to / 1000) * ANALYSIS_SAMPLE_RATE));
      words.push(...(await alignAnswer(slice, ANALYSIS_SAMPLE_RATE, window.text, from, speech)));
    }
  } catch (error) {
    return { words: [], hints: [], alignment: { status: 'failed' as const, reason: `The words could not be placed on the recording: ${error instanceof Error ? error.message : String(error)}` } };
  }
  return { words, hints: wordHints(words), alignment: { status: 'done' as const, reason: null } };
}
