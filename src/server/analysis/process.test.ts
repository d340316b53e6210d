import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCorpusRecording } from './corpus.js';
import { ffmpegPath } from '../lib/ffmpeg.js';
import { childrenOf, commandLine, processGroup, processStatus } from '../test/processes.js';
import { ForegroundGate } from './foreground.js';
import { AnalysisProcesses } from './process.js';

const ffmpeg = ffmpegPath();
if (!ffmpeg) throw new Error('ffmpeg is needed by the analysis tests (npm test installs it)');
const folder = mkdtempSync(path.join(tmpdir(), 'parley-analysis-process-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const truth = makeCorpusRecording(
  folder,
  'answer',
  [
    { word: 'morning', syllables: 2, silenceBeforeMs: 300 },
    { word: 'garden', syllables: 2, silenceBeforeMs: 900 },
    { word: 'holiday', syllables: 3, silenceBeforeMs: 600 },
  ],
  'espeak-ng',
  150,
);
const wav = readFileSync(truth.file);

async function* piecesOf(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 16_384) yield bytes.subarray(at, at + 16_384);
}

/** The processes this process has started (its main thread's children) and their states (R, S, T...). */
function children(): Array<{ pid: number; state: string }> {
  return childrenOf(process.pid).flatMap((pid) => {
    const status = processStatus(pid);
    return status ? [{ pid, state: status.state }] : [];
  });
}

const until = async (check: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('each recording is analysed in a process of its own', () => {
  it('decodes and measures the recording there', async () => {
    const processes = new AnalysisProcesses();
    const outcome = await processes.analyse({ source: piecesOf(wav), ffmpeg, inputFormat: 'wav', windows: [], aligner: false });
    expect(outcome.status).toBe('done');
    const result = outcome.status === 'done' ? (outcome.result as { segments: unknown[]; durationMs: number }) : null;
    expect(result?.segments.length).toBe(3);
    expect(Math.abs((result?.durationMs ?? 0) - truth.durationMs)).toBeLessThan(100);
  });

  it('says why bytes that are not audio cannot be analysed', async () => {
    const outcome = await new AnalysisProcesses().analyse({ source: piecesOf(randomBytes(2_000_000)), ffmpeg, inputFormat: 'wav', windows: [] });
    expect(outcome).toEqual({ status: 'failed', reason: expect.stringMatching(/^The recording could not be read as audio/) as unknown as string });
  });

  it('is stopped, with all it started, while a request is answered, and finishes once the requests stop', async () => {
    // A request that may hold it for a minute: the process starting (a second or so) does not use it up.
    const gate = new ForegroundGate({ requestLimitMs: 60_000 });
    const before = new Set(children().map((child) => child.pid));
    const request = {};
    gate.requestStarted(request);
    const processes = new AnalysisProcesses({ gate });
    const analysing = processes.analyse({ source: piecesOf(wav), ffmpeg, inputFormat: 'wav', windows: [], aligner: false });
    let finished = false;
    void analysing.finally(() => {
      finished = true;
    });
    await until(() => children().some((child) => !before.has(child.pid)));
    const started = children().filter((child) => !before.has(child.pid));
    const states = () => started.map((child) => children().find((c) => c.pid === child.pid)?.state);
    // Stopped once the process says it has started, then held a second and a half: still stopped (T),
    // and not finished (it takes well under that when it runs).
    await until(() => states().every((state) => state === 'T'));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(states()).toEqual(started.map(() => 'T'));
    expect(finished).toBe(false);
    gate.requestEnded(request);
    const outcome = await analysing;
    expect(outcome.status).toBe('done');
  });

  it('leaves nothing behind when the server is killed right after starting an analysis it holds back', async () => {
    // A server answering a request (so the gate holds analyses) starts one, says so, and is killed at once.
    const script = `
      import { ForegroundGate } from ${JSON.stringify(path.join(import.meta.dirname, 'foreground.ts'))};
      import { AnalysisProcesses } from ${JSON.stringify(path.join(import.meta.dirname, 'process.ts'))};
      const gate = new ForegroundGate({ requestLimitMs: 60_000 });
      gate.requestStarted({});
      const stalls = async function* () { await new Promise(() => {}); };
      void new AnalysisProcesses({ gate }).analyse({ source: stalls(), ffmpeg: ${JSON.stringify(ffmpeg)}, inputFormat: 'wav', windows: [] }).catch(() => {});
      console.log('started');
      setInterval(() => {}, 1000);`;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => server.stdout.once('data', resolve));
    // Its analysis process (tsx may have started esbuild beside it).
    const analysis = childrenOf(server.pid ?? -1).find((pid) => commandLine(pid).includes('child.ts')) ?? 0;
    expect(analysis).toBeGreaterThan(0);
    server.kill('SIGKILL');
    // The analysis leads its own process group (ffmpeg and pocketsphinx join it): all of it ends.
    const group = () => processGroup(analysis);
    await until(() => group().length === 0, 10_000).catch(() => undefined);
    expect(group()).toEqual([]);
  });

  it('stops an analysis whose source stalls, counting only the time it ran, and says it is to be tried again', async () => {
    const gate = new ForegroundGate({ requestLimitMs: 60_000 });
    const processes = new AnalysisProcesses({ gate, runLimitMs: 3_000 });
    async function* stalls() {
      yield wav.subarray(0, 4096);
      await new Promise(() => {});
    }
    const before = new Set(children().map((child) => child.pid));
    const request = {};
    gate.requestStarted(request);
    const startedAt = Date.now();
    let ended = false;
    const analysing = processes
      .analyse({ source: stalls(), ffmpeg, inputFormat: 'wav', windows: [] })
      .catch((error: unknown) => error)
      .finally(() => (ended = true));
    // Held (stopped) once it has started, then for 3.5 s, more than the limit: not stopped for it.
    await until(() => children().some((child) => !before.has(child.pid) && child.state === 'T'));
    const ranBeforeHeld = Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(ended).toBe(false);
    gate.requestEnded(request);
    const releasedAt = Date.now();
    const error = await analysing;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/ran for over 3 s without finishing: it was stopped, to be tried again/);
    // It had run at most ranBeforeHeld: the rest of the 3 s after the release.
    expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(3_000 - ranBeforeHeld - 50);
  });

  it('does not measure a recording whose source fails part way: the store\'s fault, tried again', async () => {
    async function* breaks() {
      yield wav.subarray(0, wav.length / 2);
      throw new Error('the store went away');
    }
    const error = await new AnalysisProcesses().analyse({ source: breaks(), ffmpeg, inputFormat: 'wav', windows: [] }).catch((reason: unknown) => reason);
    expect((error as Error).message).toBe('the recording could not be read from the store: the store went away');
  });
});
