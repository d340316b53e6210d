import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ffmpegPath } from '../src/server/lib/ffmpeg.ts';
import { makeTestRecording, type BenchRecording } from './analysis-recording.ts';
import { listLoad } from './list-load.ts';
import type { Uploader } from './uploads.ts';

/**
 * The recording analysis, two rows:
 * - one 12-minute speaking test's analysis on ONE core (`taskset -c 0`: the process, its analysis
 *   thread, ffmpeg and pocketsphinx share it), without and with word alignment, as a share of the
 *   recording's duration (bench/analysis-one-core.ts);
 * - the admin students list's p99 (4 connections, a few teachers) while 4 such recordings wait to be
 *   analysed and are being analysed by the server, against its p99 just before (measureListDuringAnalyses,
 *   called from bench/lists.ts per driver).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const CONCURRENT_ANALYSES = 4;
/** A few teachers reading at once; the bench's list rows use 50 (a whole staff room at its busiest). */
export const ANALYSIS_LIST_CONNECTIONS = 4;

export interface AnalysisTimingRow {
  recordingSeconds: number;
  answers: number;
  runs: Array<{ aligner: boolean; ms: number; status: string; words: number; reason: string | null }>;
}

export interface AnalysisLoadRow {
  /** Connections reading the students list meanwhile. */
  connections: number;
  baselineP99Ms: number;
  duringP99Ms: number;
  duringRequests: number;
  windowSeconds: number;
  /** Analyses still waiting or running when the window closed: the load lasted the whole window. */
  unfinishedAtWindowEnd: number;
  /** Every analysis's end, and how long the four took from the last upload. */
  statuses: string[];
  allDoneSeconds: number;
  failures: string[];
}

let made: { folder: string; recording: BenchRecording } | null = null;

/** The bench's 12-minute test recording, made once per run. */
export function benchRecording(): BenchRecording {
  if (made) return made.recording;
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) throw new Error('the analysis bench needs ffmpeg (Debian package ffmpeg)');
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-bench-recording-'));
  made = { folder, recording: makeTestRecording(folder, ffmpeg) };
  return made.recording;
}

export function removeBenchRecording(): void {
  if (made) rmSync(made.folder, { recursive: true, force: true });
  made = null;
}

export function runAnalysisTiming(): AnalysisTimingRow {
  const recording = benchRecording();
  const sessionFile = path.join(path.dirname(recording.webm), 'session.json');
  writeFileSync(sessionFile, JSON.stringify(recording.sessionData));
  const output = execFileSync('taskset', ['-c', '0', process.execPath, '--import', 'tsx', path.join(here, 'analysis-one-core.ts'), recording.webm, sessionFile], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  const line = output.trim().split('\n').pop() ?? '';
  const { runs } = JSON.parse(line) as Pick<AnalysisTimingRow, 'runs'>;
  return { recordingSeconds: recording.durationMs / 1000, answers: recording.answers, runs };
}

async function analysisStatus(base: string, adminCookie: string, attemptId: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/attempts/${attemptId}`, { headers: { cookie: adminCookie } });
  if (response.status !== 200) return `detail answered ${response.status}`;
  const detail = (await response.json()) as { recordingAnalysis?: { status?: string } | null };
  return detail.recordingAnalysis?.status ?? 'none';
}

/** `students`: the last CONCURRENT_ANALYSES of them each save a test and upload its recording. */
export async function measureListDuringAnalyses(base: string, adminCookie: string, students: readonly Uploader[], durationS: number, connections = ANALYSIS_LIST_CONNECTIONS): Promise<AnalysisLoadRow> {
  const recording = benchRecording();
  const bytes = readFileSync(recording.webm);
  const listUrl = `${base}/api/admin/students`;
  const failures: string[] = [];
  // The uploads row's recordings (random bytes) end as failed at once: let them, then the baseline.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  await listLoad(listUrl, adminCookie, 1, connections);
  const baseline = await listLoad(listUrl, adminCookie, durationS, connections);

  const attemptIds: string[] = [];
  for (const student of students.slice(-CONCURRENT_ANALYSES)) {
    const attemptId = randomUUID();
    const saved = await fetch(`${base}/api/test-sessions`, {
      method: 'POST',
      headers: { cookie: student.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ attemptId, studentId: student.studentId, sessionData: recording.sessionData, audioUrl: null }),
    });
    if (saved.status !== 201) throw new Error(`saving the analysis bench's attempt answered ${saved.status}: ${await saved.text()}`);
    const uploaded = await fetch(`${base}/api/attempts/${attemptId}/recording`, {
      method: 'PUT',
      headers: { cookie: student.cookie, 'content-type': 'audio/webm;codecs=opus' },
      body: bytes,
    });
    if (uploaded.status !== 200) throw new Error(`uploading the analysis bench's recording answered ${uploaded.status}: ${await uploaded.text()}`);
    attemptIds.push(attemptId);
  }
  const uploadedAt = performance.now();
  const windowSeconds = durationS * 2;
  const during = await listLoad(listUrl, adminCookie, windowSeconds, connections);
  if (during.non2xx > 0 || during.errors > 0) failures.push(`list during analyses: ${during.non2xx} non-2xx, ${during.errors} errors`);
  const atWindowEnd = await Promise.all(attemptIds.map((id) => analysisStatus(base, adminCookie, id)));
  const unfinishedAtWindowEnd = atWindowEnd.filter((status) => status === 'pending').length;
  let statuses = atWindowEnd;
  const deadline = performance.now() + 10 * 60_000;
  while (statuses.some((status) => status === 'pending') && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    statuses = await Promise.all(attemptIds.map((id) => analysisStatus(base, adminCookie, id)));
  }
  const allDoneSeconds = (performance.now() - uploadedAt) / 1000;
  for (const [i, status] of statuses.entries()) if (status !== 'done') failures.push(`analysis ${i + 1} ended ${status}`);
  return {
    connections,
    baselineP99Ms: baseline.p99Ms,
    duringP99Ms: during.p99Ms,
    duringRequests: during.requests,
    windowSeconds,
    unfinishedAtWindowEnd,
    statuses,
    allDoneSeconds,
    failures,
  };
}

export function analysisTimingMarkdown(row: AnalysisTimingRow): string[] {
  const share = (ms: number) => `${((ms / 1000 / row.recordingSeconds) * 100).toFixed(1)} %`;
  return [
    `## Recording analysis: one ${Math.round(row.recordingSeconds / 60)}-minute speaking test on one core`,
    '',
    `${row.answers} answers spoken by espeak-ng and flite at 130-180 words a minute between silences (Part 2 after its minute of preparation), Opus in WebM at 32 kbit/s; the analysis as the server runs it (decode, speech and pauses, syllable nuclei, per-answer figures, rescoring), its process pinned to one core with \`taskset -c 0\`.`,
    '',
    '| word alignment | analysis time | share of the recording | status | words placed |',
    '|---|---:|---:|---|---:|',
    ...row.runs.map((run) => `| ${run.aligner ? 'with' : 'without'} | ${(run.ms / 1000).toFixed(1)} s | ${share(run.ms)} | ${run.status}${run.reason ? ` (${run.reason})` : ''} | ${run.words} |`),
    '',
  ];
}
