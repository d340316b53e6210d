import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { invalidateReadCaches } from '../lib/read-cache.js';
import { openRecording, recordingInfo } from '../recordings/service.js';
import type { RecordingStores } from '../recordings/store.js';
import { answerWindows } from './answers.js';
import { ffmpegPath } from './decode.js';
import { ANALYSIS_LEASE_MS, ANALYSIS_MAX_TRIES, claimAnalysis, finishAnalysis, releaseAnalysis, renewAnalysisLease } from './jobs.js';
import type { AnalysisProcesses } from './process.js';
import { rescoreWithRecording } from './rescore.js';

export const NO_DECODER_REASON = 'This server has no audio decoder (ffmpeg), so recordings are not analysed; the scores come from the transcript.';

export interface AnalysisDeps {
  db: Db;
  stores: RecordingStores;
  /** Where the recording is decoded and measured: a process of its own per recording (process.ts). */
  processes: Pick<AnalysisProcesses, 'analyse' | 'close'>;
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
  const [attempt] = await deps.db.select({ kind: attempts.kind, sessionData: attempts.sessionData }).from(attempts).where(eq(attempts.id, attemptId));
  const windows = attempt ? answerWindows(attempt.kind, attempt.sessionData) : [];
  // Decoded and measured in the analysis process; only the recording's bytes pass through here.
  const source = openRecording(deps.stores, { ...info, storageKey: info.storageKey }, 0, info.sizeBytes - 1);
  return deps.processes.analyse({ source, ffmpeg, windows, ...(deps.aligner === undefined ? {} : { aligner: deps.aligner }) });
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
      // An analysis under way is stopped, not waited for: it is taken up again at the next start.
      await deps.processes.close();
      await running;
    },
  };
}
