import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as SpeechModule from '../src/client/speech/index.js';
import { installFakeRecognition } from './support/fake-recognition.js';
import { collectConsoleErrors, launchBrowser, makeSpeechWav, newPage, projectRoot, testResultsDir, type LaunchedBrowser } from './support/index.js';

// The speech boundary (src/client/speech) in real headless Chromium, through a minimal page: the
// module is bundled here with Vite's API (the app's own build is untouched) and served by
// page.route on http://localhost, a secure context, so getUserMedia works without a server.

type Speech = typeof SpeechModule;
declare const speech: Speech;

const HARNESS_URL = 'http://localhost/speech-boundary/';
const QUESTION = 'Describe a place you like to visit.';
const outputDir = path.join(testResultsDir, 'speech-boundary');

/** The boundary as ES modules: file name -> code. */
async function bundleSpeechBoundary(): Promise<Map<string, string>> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: projectRoot,
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: false,
      lib: { entry: path.join(projectRoot, 'src/client/speech/index.ts'), formats: ['es'], fileName: 'speech' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const files = new Map<string, string>();
  for (const output of outputs) for (const item of output.output) if (item.type === 'chunk') files.set(item.fileName, item.code);
  return files;
}

async function openHarness(browser: Browser, files: Map<string, string>, setup?: (page: Page) => Promise<void>) {
  const page = await newPage(browser);
  const consoleErrors = collectConsoleErrors(page);
  await setup?.(page);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>speech boundary</title></head><body>
<script type="module">import * as speech from './speech.js'; window.speech = speech; document.title = 'ready';</script></body></html>`;
  await page.route(`${HARNESS_URL}**`, (route) => {
    const name = new URL(route.request().url()).pathname.replace('/speech-boundary/', '');
    if (name === '') return route.fulfill({ contentType: 'text/html', body: html });
    const code = files.get(name);
    return code === undefined ? route.fulfill({ status: 404, body: 'not found' }) : route.fulfill({ contentType: 'text/javascript', body: code });
  });
  await page.goto(HARNESS_URL);
  await expect.poll(() => page.title()).toBe('ready');
  return { page, consoleErrors };
}

function ffprobeDuration(file: string): string {
  return execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
}

describe('speech boundary in Chromium', () => {
  let files: Map<string, string>;
  let withSpeech: LaunchedBrowser;
  let withoutSpeech: LaunchedBrowser;

  beforeAll(async () => {
    mkdirSync(outputDir, { recursive: true });
    let speechWav: string;
    [files, speechWav] = await Promise.all([
      bundleSpeechBoundary(),
      makeSpeechWav('Hello, my name is Asha. I would like to talk about the river near my town, where I walk every evening.'),
    ]);
    [withSpeech, withoutSpeech] = await Promise.all([launchBrowser({ speech: true, fakeAudioFile: speechWav }), launchBrowser()]);
  });

  afterAll(async () => {
    await withSpeech?.close();
    await withoutSpeech?.close();
  });

  it("the examiner voice speaks with a real voice and reports 'ended', a long text piece by piece", async () => {
    const { page, consoleErrors } = await openHarness(withSpeech.browser, files);
    const long = `${QUESTION} You should say where it is, how often you go there and what you do there, and explain why you like visiting this place so much. You will have one minute to prepare.`;
    const result = await page.evaluate(
      async ([question, longText]) => {
        const voice = speech.createExaminerVoice(speech.SPEAKING_TEST_VOICE, { voicesTimeoutMs: 10_000 });
        const chosen = await voice.ready();
        const utterances: string[] = [];
        const speak = speechSynthesis.speak.bind(speechSynthesis);
        speechSynthesis.speak = (utterance) => {
          utterances.push(utterance.text);
          speak(utterance);
        };
        const short = await voice.speak(question);
        const long = await voice.speak(longText);
        return { chosen: chosen && { name: chosen.name, lang: chosen.lang }, voiceCount: speechSynthesis.getVoices().length, short, long, utterances };
      },
      [QUESTION, long] as const,
    );
    expect(result.short).toMatchObject({ outcome: 'ended', voiceName: result.chosen?.name });
    // No en-IN voice among espeak-ng's: the same language (English) is chosen.
    expect(result.chosen?.lang).toMatch(/^en/);
    expect(result.voiceCount).toBeGreaterThan(1_000);
    expect(result.long.outcome).toBe('ended');
    expect(result.utterances.slice(1).join(' ')).toBe(long);
    expect(result.utterances.length).toBeGreaterThan(2);
    consoleErrors.assertNone();
    await page.context().close();
  });

  it("without voices, speak() still resolves ('failed' at once, then the estimated speaking time)", async () => {
    const { page, consoleErrors } = await openHarness(withoutSpeech.browser, files);
    const result = await page.evaluate(async (text) => {
      const voice = speech.createExaminerVoice(speech.SPEAKING_TEST_VOICE);
      await voice.ready();
      const started = performance.now();
      const spoken = await voice.speak(text);
      return {
        ...spoken,
        wallMs: performance.now() - started,
        estimateMs: speech.estimateSpeakingMs(text, speech.SPEAKING_TEST_VOICE.rate),
        watchdogMs: speech.watchdogMs(text, speech.SPEAKING_TEST_VOICE.rate),
      };
    }, QUESTION);
    expect(['failed', 'watchdog']).toContain(result.outcome);
    if (result.outcome === 'failed') expect(result.error).toBe('synthesis-failed');
    expect(result.wallMs).toBeGreaterThanOrEqual(result.estimateMs - 50);
    expect(result.wallMs).toBeLessThan(result.watchdogMs + 500);
    consoleErrors.assertNone();
    await page.context().close();
  });

  it('records the fake microphone in ~1 s chunks; the webm gets a duration and seeks; the WAV is RIFF/PCM', async () => {
    const { page, consoleErrors } = await openHarness(withSpeech.browser, files);
    const result = await page.evaluate(async () => {
      const toBase64 = async (blob: Blob) => {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
        return btoa(binary);
      };
      const playerView = async (blob: Blob) => {
        const audio = new Audio(URL.createObjectURL(blob));
        await new Promise((resolve, reject) => {
          audio.onloadedmetadata = resolve;
          audio.onerror = () => reject(new Error('the recording does not load'));
        });
        const duration = audio.duration;
        let seekedTo: number | null = null;
        if (Number.isFinite(duration)) {
          audio.currentTime = duration / 2;
          await new Promise((resolve) => (audio.onseeked = resolve));
          seekedTo = audio.currentTime;
        }
        URL.revokeObjectURL(audio.src);
        return { duration: Number.isFinite(duration) ? duration : String(duration), seekedTo };
      };

      const stream = await speech.requestMicrophone();
      const chunkTimes: number[] = [];
      const recorder = speech.createAudioRecorder({ onChunk: () => chunkTimes.push(performance.now()) });
      // The same stream, recorded without the header fix, to show what the fix changes.
      const raw = speech.createAudioRecorder({ fixWebmDuration: async (blob) => blob });
      const started = performance.now();
      recorder.start(stream);
      raw.start(stream);
      await new Promise((resolve) => setTimeout(resolve, 3_600));
      const [recording, rawRecording] = await Promise.all([recorder.stop(), raw.stop()]);
      speech.releaseStream(stream);
      const wav = await speech.recordingToWav(recording.blob);
      return {
        mimeType: recording.mimeType,
        durationMs: recording.durationMs,
        chunkCount: recording.chunkCount,
        chunkOffsets: chunkTimes.map((time) => Math.round(time - started)),
        fixed: await playerView(recording.blob),
        raw: await playerView(rawRecording.blob),
        webm: await toBase64(recording.blob),
        rawWebm: await toBase64(rawRecording.blob),
        wav: await toBase64(wav),
      };
    });

    expect(result.mimeType).toBe('audio/webm;codecs=opus');
    expect(result.durationMs).toBeGreaterThan(3_400);
    // 1000 ms timeslices: three chunks during 3.6 s and the last one at stop.
    expect(result.chunkCount).toBeGreaterThanOrEqual(4);
    const gaps = result.chunkOffsets.slice(1, 3).map((offset, index) => offset - (result.chunkOffsets[index] ?? 0));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThan(800);
      expect(gap).toBeLessThan(1_300);
    }
    expect(result.chunkOffsets[0]).toBeGreaterThan(800);

    // Chromium itself: the raw webm has no length; the fixed one has it and seeks.
    expect(result.raw.duration).toBe('Infinity');
    expect(result.fixed.duration).toBeCloseTo(result.durationMs / 1000, 0);
    expect(result.fixed.seekedTo).toBeGreaterThan(1);

    const webmFile = path.join(outputDir, 'recording.webm');
    const rawFile = path.join(outputDir, 'recording-raw.webm');
    const wavFile = path.join(outputDir, 'recording.wav');
    writeFileSync(webmFile, Buffer.from(result.webm, 'base64'));
    writeFileSync(rawFile, Buffer.from(result.rawWebm, 'base64'));
    const wav = Buffer.from(result.wav, 'base64');
    writeFileSync(wavFile, wav);
    expect(ffprobeDuration(rawFile)).toBe('N/A');
    expect(Number(ffprobeDuration(webmFile))).toBeCloseTo(result.durationMs / 1000, 0);

    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect({ format: wav.readUInt16LE(20), channels: wav.readUInt16LE(22), sampleRate: wav.readUInt32LE(24), bits: wav.readUInt16LE(34) }).toEqual({
      format: 1,
      channels: 1,
      sampleRate: 16_000,
      bits: 16,
    });
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    const dataBytes = wav.readUInt32LE(40);
    expect(dataBytes).toBe(wav.length - 44);
    expect(dataBytes / 32_000).toBeCloseTo(result.durationMs / 1000, 0);
    expect(Number(ffprobeDuration(wavFile))).toBeCloseTo(dataBytes / 32_000, 2);
    // It carries the speech, not silence.
    let sum = 0;
    for (let offset = 44; offset < wav.length; offset += 2) sum += (wav.readInt16LE(offset) / 32_768) ** 2;
    expect(Math.sqrt(sum / (dataBytes / 2))).toBeGreaterThan(0.01);
    consoleErrors.assertNone();
    await page.context().close();
  });

  it('the recognizer, driven by the scripted fake: interim then final, a session Chrome ends is restarted without repeats', async () => {
    let fake!: Awaited<ReturnType<typeof installFakeRecognition>>;
    const { page, consoleErrors } = await openHarness(withoutSpeech.browser, files, async (p) => {
      fake = await installFakeRecognition(p);
    });
    await page.evaluate(() => {
      const log: Array<[string, unknown]> = [];
      const recognizer = speech.createRecognizer({ lang: 'en-IN' });
      for (const type of ['state', 'interim', 'final', 'error', 'end'] as const) recognizer.on(type, (value) => log.push([type, value]));
      Object.assign(window, { recognizer, log });
      return recognizer.start();
    });
    const log = () => page.evaluate(() => (window as unknown as { log: Array<[string, unknown]> }).log);
    const finals = async () => (await log()).filter(([type]) => type === 'final').map(([, value]) => value as { text: string; confidence: number });

    await fake.say('my name is Asha', { confidence: 0.9 });
    expect(await log()).toEqual([
      ['state', 'starting'],
      ['state', 'listening'],
      ['interim', 'my name'],
      ['final', { text: 'my name is Asha', confidence: 0.9, at: expect.any(Number) }],
      ['interim', ''],
    ]);

    await fake.end();
    await fake.waitForListening();
    await fake.say('and I live in Pune', { confidence: 0.8 });
    expect((await finals()).map((segment) => segment.text)).toEqual(['my name is Asha', 'and I live in Pune']);

    let status = await fake.status();
    expect(status.sessions).toHaveLength(2);
    expect(status.sessions[0]).toMatchObject({ lang: 'en-IN', continuous: true, interimResults: true, processLocally: false, state: 'ended' });
    expect(status.availabilityQueries).toEqual([{ langs: ['en-IN'], processLocally: true }]);

    await fake.error('network');
    await page.evaluate(() => (window as unknown as { recognizer: SpeechModule.Recognizer }).recognizer.stop());
    const after = await log();
    expect(after.filter(([type]) => type === 'state').map(([, state]) => state)).toEqual(['starting', 'listening', 'idle']);
    expect(after.filter(([type]) => type === 'error')).toEqual([['error', { code: 'network', message: 'Network error. Please check your internet connection.' }]]);
    expect(after.at(-1)).toEqual(['end', 'error']);

    // Where the browser can recognise on the device, it does.
    await fake.setAvailability('available');
    await page.evaluate(() => speech.createRecognizer({ lang: 'en-US' }).start());
    status = await fake.status();
    expect(status.live).toMatchObject({ lang: 'en-US', processLocally: true, state: 'listening' });
    consoleErrors.assertNone();
    await page.context().close();
  });
});
