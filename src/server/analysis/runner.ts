import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { recordingBytesWhenAsked, recordingInfo } from '../recordings/service.js';
import type { RecordingStores } from '../recordings/store.js';
import { describeAligner } from './align.js';
import { answerWindows } from './answers.js';
import { ffmpegInputFormat } from '../recordings/audio-type.js';
import { describeDecoder, NO_DECODER_REASON, usableFfmpeg } from '../lib/ffmpeg.js';
import { ANALYSIS_LEASE_MS, ANALYSIS_MAX_TRIES, claimAnalysis, finishAnalysis, releaseAnalysis, renewAnalysisLease } from '../recordings/analysis-queue.js';
import type { AnalysisProcesses } from './process.js';
import { rescoreWithRecording } from './rescore.js';

export { NO_DECODER_REASON } from '../lib/ffmpeg.js';

export interface AnalysisDeps {
  db: Db;
  stores: RecordingStores;
  /** Where the recording is decoded and measured: a process of its own per recording (process.ts). */
  processes: Pick<AnalysisProcesses, 'analyse' | 'close'>;
  /** The decoder; null: none on this server. Defaults to this server's ffmpeg, when recent enough (ffmpeg-version.ts). */
  ffmpeg?: string | null;
  /** Whether to place the words (default: when pocketsphinx is installed). */
  aligner?: boolean;
}

type Outcome = Parameters<typeof finishAnalysis>[2];

async function analyse(deps: AnalysisDeps, attemptId: string, tries: number): Promise<Outcome> {
  if (tries > ANALYSIS_MAX_TRIES) return { status: 'failed', reason: `The analysis stopped ${ANALYSIS_MAX_TRIES} times on this recording without finishing.` };
  let ffmpeg = deps.ffmpeg;
  if (ffmpeg === undefined) {
    const decoder = await usableFfmpeg();
    if (!decoder.ok) return { status: 'unavailable', reason: decoder.reason };
    ffmpeg = decoder.path;
  }
  if (!ffmpeg) return { status: 'unavailable', reason: NO_DECODER_REASON };
  const info = await recordingInfo(deps.db, attemptId);
  if (!info || info.expiredAt || !info.storageKey) return { status: 'failed', reason: 'The recording is no longer stored.' };
  if (info.sizeBytes === 0) return { status: 'failed', reason: 'The recording is empty.' };
  const inputFormat = ffmpegInputFormat(info.mimeType);
  if (!inputFormat) return { status: 'failed', reason: `The recording was stored as ${info.mimeType.slice(0, 60)}, which is not a type of audio this server decodes.` };
  const [attempt] = await deps.db.select({ kind: attempts.kind, sessionData: attempts.sessionData }).from(attempts).where(eq(attempts.id, attemptId));
  const windows = attempt ? answerWindows(attempt.kind, attempt.sessionData) : [];
  // Decoded and measured in the analysis process; only the recording's bytes pass through here.
  const source = recordingBytesWhenAsked(deps.stores, { ...info, storageKey: info.storageKey }, 0, info.sizeBytes - 1);
  return deps.processes.analyse({ source, ffmpeg, inputFormat, windows, ...(deps.aligner === undefined ? {} : { aligner: deps.aligner }) });
}

/** Takes the next analysis due and does it; false when none was due. */
export async function analyseNext(deps: AnalysisDeps): Promise<boolean> {
  const job = await claimAnalysis(deps.db);
  if (!job) return false;
  let outcome: Outcome;
  // Alive and working (perhaps held for requests): no other process is to take it meanwhile.
  const renew = setInterval(() => {
    renewAnalysisLease(deps.db, job.attemptId).catch(() => {
      // The next renewal, or the lease running out, settles it.
    });
  }, ANALYSIS_LEASE_MS / 3);
  renew.unref();
  try {
    outcome = await analyse(deps, job.attemptId, job.tries);
  } catch (error) {
    // A fault of this server (the database, the analysis process), not of the recording: tried again later, up to a point.
    if (job.tries < ANALYSIS_MAX_TRIES) {
      await releaseAnalysis(deps.db, job.attemptId);
      throw error;
    }
    outcome = { status: 'failed', reason: `The analysis failed ${ANALYSIS_MAX_TRIES} times: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearInterval(renew);
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
type RunnerLog = { [level in 'info' | 'warn' | 'error']: (object: object, message: string) => void };

export function startAnalysisRunner(deps: AnalysisDeps & { pollMs?: number; log: RunnerLog }): AnalysisRunner {
  // Named once at start: which ffmpeg decodes the recordings, its version, or why none does.
  if (deps.ffmpeg === undefined) {
    void usableFfmpeg().then((decoder) => {
      const line = describeDecoder(decoder);
      deps.log[line.level]({ ffmpeg: decoder.path, version: decoder.version }, line.message);
    });
    const aligner = describeAligner();
    deps.log[aligner.level]({}, aligner.message);
  }
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
      // An analysis under way is stopped, not waited for: it is taken up again at the next start.
      await deps.processes.close();
      await running;
    },
  };
}
