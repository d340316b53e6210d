import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { invalidateReadCaches } from '../lib/read-cache.js';
import { openRecording, recordingInfo } from '../recordings/service.js';
import type { RecordingStores } from '../recordings/store.js';
import { alignAnswer, alignerAvailable, ALIGNER_MISSING_REASON, transcriptWords, wordHints, type AlignedWord } from './align.js';
import { answerFigures, answerWindows, type AnswerWindow } from './answers.js';
import { decodeToSamples, ffmpegPath, UndecodableRecordingError } from './decode.js';
import { ANALYSIS_SAMPLE_RATE } from './features.js';
import { ANALYSIS_MAX_TRIES, claimAnalysis, finishAnalysis, releaseAnalysis } from './jobs.js';
import type { SpeechFigures } from './metrics.js';
import { rescoreWithRecording } from './rescore.js';
import { AnalysisThread } from './thread.js';

/** Recordings shorter than this hold no answer to measure. */
const MIN_ANALYSED_MS = 500;

export const NO_DECODER_REASON = 'This server has no audio decoder (ffmpeg), so recordings are not analysed; the scores come from the transcript.';
/** Each answer's words are looked for this far before and after its window (the timeline is placed to within half a second). */
const ALIGN_MARGIN_MS = 1000;
/** ...and from half a second before the first speech heard there to half a second after the last. */
const SPEECH_MARGIN_MS = 500;

export interface AnalysisDeps {
  db: Db;
  stores: RecordingStores;
  thread: AnalysisThread;
  /** The decoder; null: none on this server. Defaults to ffmpegPath(). */
  ffmpeg?: string | null;
  /** Whether to place the words (default: when pocketsphinx is installed). */
  aligner?: boolean;
}

type Outcome = Parameters<typeof finishAnalysis>[2];

async function analyse(deps: AnalysisDeps, attemptId: string, tries: number): Promise<Outcome> {
  if (tries > ANALYSIS_MAX_TRIES) return { status: 'failed', reason: `The analysis stopped ${ANALYSIS_MAX_TRIES} times on this recording without finishing.` };
  const ffmpeg = deps.ffmpeg === undefined ? ffmpegPath() : deps.ffmpeg;
  if (!ffmpeg) return { status: 'unavailable', reason: NO_DECODER_REASON };
  const info = await recordingInfo(deps.db, attemptId);
  if (!info || info.expiredAt || !info.storageKey) return { status: 'failed', reason: 'The recording is no longer stored.' };
  if (info.sizeBytes === 0) return { status: 'failed', reason: 'The recording is empty.' };
  let samples: Float32Array;
  try {
    samples = await decodeToSamples(openRecording(deps.stores, { ...info, storageKey: info.storageKey }, 0, info.sizeBytes - 1), ffmpeg);
  } catch (error) {
    if (error instanceof UndecodableRecordingError) return { status: 'failed', reason: `The recording could not be read as audio: it may be damaged or cut short. (${error.message})` };
    throw error;
  }
  if ((samples.length / ANALYSIS_SAMPLE_RATE) * 1000 < MIN_ANALYSED_MS) return { status: 'failed', reason: 'The recording is too short to measure (under half a second of audio).' };
  const measured = await deps.thread.figures(samples);
  const figures = measured.figures;
  if (figures.segments.length === 0) return { status: 'failed', reason: 'No speech was heard in the recording: it is silent or only background noise.' };
  const [attempt] = await deps.db.select({ kind: attempts.kind, sessionData: attempts.sessionData }).from(attempts).where(eq(attempts.id, attemptId));
  const windows = attempt ? answerWindows(attempt.kind, attempt.sessionData) : [];
  const answers = answerFigures(windows, figures.segments, figures.nucleiMs);
  const { nucleiMs, ...shown } = figures;
  const words = await alignWords(measured.samples, windows, figures.segments, deps.aligner ?? alignerAvailable());
  return {
    status: 'done',
    result: { ...shown, syllableTimesMs: nucleiMs, answers, ...words },
  };
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

/** Takes the next analysis due and does it; false when none was due. */
export async function analyseNext(deps: AnalysisDeps): Promise<boolean> {
  const job = await claimAnalysis(deps.db);
  if (!job) return false;
  let outcome: Outcome;
  try {
    outcome = await analyse(deps, job.attemptId, job.tries);
  } catch (error) {
    // A fault of this server (the database, the thread), not of the recording: tried again later, up to a point.
    if (job.tries < ANALYSIS_MAX_TRIES) {
      await releaseAnalysis(deps.db, job.attemptId);
      throw error;
    }
    outcome = { status: 'failed', reason: `The analysis failed ${ANALYSIS_MAX_TRIES} times: ${error instanceof Error ? error.message : String(error)}` };
  }
  await finishAndRescore(deps.db, job.attemptId, outcome);
  return true;
}

/**
 * Ends the analysis and, when it is done, rescores the speaking test with the recording's figures
 * (decision 0019) in the same transaction: the bands never disagree with a done analysis. The read
 * caches (the lists' overall) are cleared once it has committed.
 */
async function finishAndRescore(db: Db, attemptId: string, outcome: Outcome): Promise<void> {
  const rescored = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const ended = await finishAnalysis(txDb, attemptId, outcome);
    return ended && outcome.status === 'done' ? rescoreWithRecording(txDb, attemptId, outcome.result) : false;
  });
  if (rescored) invalidateReadCaches(db);
}

export interface AnalysisRunner {
  /** A recording was stored: look for work now rather than at the next poll. */
  kick(): void;
  stop(): Promise<void>;
}

/** Analyses one recording at a time in the background; polls every `pollMs` and when kicked. */
export function startAnalysisRunner(deps: AnalysisDeps & { pollMs?: number; log: { warn(object: object, message: string): void } }): AnalysisRunner {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const drain = async () => {
    do {
      again = false;
      while (!stopped && (await analyseNext(deps))) {
        // one after another: a core stays for the requests
      }
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'a recording analysis failed; it is tried again'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(kick, deps.pollMs ?? 30_000);
  timer.unref();
  kick();
  return {
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await deps.thread.close();
    },
  };
}
