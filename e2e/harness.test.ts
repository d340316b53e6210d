import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectConsoleErrors,
  launchBrowser,
  lookAt,
  makeSpeechWav,
  newPage,
  screenshot,
  seriousAccessibilityViolations,
  startTestServer,
  type ConsoleErrors,
  type LaunchedBrowser,
  type TestServer,
} from './support/index.js';

// Proves the end-to-end harness itself (server, Chromium, speech, fake microphone) without the client.
describe('e2e harness', () => {
  let server: TestServer;
  let launched: LaunchedBrowser;
  let speechWav: string;

  beforeAll(async () => {
    [server, speechWav] = await Promise.all([
      startTestServer({ requireClient: false }),
      makeSpeechWav('Hello, my name is Asha and I would like to practise speaking English every day.'),
    ]);
    launched = await launchBrowser({ speech: true, fakeAudioFile: speechWav });
  });

  afterAll(async () => {
    await launched?.close();
    await server?.close();
  });

  /** A page on the server's /api/health, with its errors recorded from the start. */
  async function openHealthPage(viewport: 'desktop' | 'phone' = 'desktop'): Promise<{ page: Page; consoleErrors: ConsoleErrors }> {
    const page = await newPage(launched.browser, { viewport });
    // Chromium asks for /favicon.ico beside a JSON document; the API rightly answers 404.
    const consoleErrors = collectConsoleErrors(page, { ignore: [/\/favicon\.ico\b/] });
    const response = await page.goto(`${server.baseUrl}/api/health`);
    expect(response?.status()).toBe(200);
    expect(await response?.json()).toEqual({ status: 'ok', database: 'pglite' });
    return { page, consoleErrors };
  }

  it('makes a 48 kHz mono 16-bit speech WAV, cached by its text', async () => {
    const probe = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=sample_rate,channels,sample_fmt:format=duration', '-of', 'json', speechWav],
      { encoding: 'utf8' },
    );
    const info = JSON.parse(probe) as { streams: Array<{ sample_rate: string; channels: number; sample_fmt: string }>; format: { duration: string } };
    expect(info.streams[0]).toMatchObject({ sample_rate: '48000', channels: 1, sample_fmt: 's16' });
    expect(Number(info.format.duration)).toBeGreaterThan(2);
    expect(await makeSpeechWav('Hello, my name is Asha and I would like to practise speaking English every day.')).toBe(speechWav);
  });

  it('speaks with speech synthesis: voices load and an utterance starts and ends', async () => {
    const { page, consoleErrors } = await openHealthPage();
    const result = await page.evaluate(async () => {
      const voices = await new Promise<SpeechSynthesisVoice[]>((resolve, reject) => {
        const now = speechSynthesis.getVoices();
        if (now.length > 0) return resolve(now);
        const timer = setTimeout(() => reject(new Error('no voiceschanged within 15 s')), 15_000);
        speechSynthesis.addEventListener(
          'voiceschanged',
          () => {
            clearTimeout(timer);
            resolve(speechSynthesis.getVoices());
          },
          { once: true },
        );
      });
      const events = await new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const utterance = new SpeechSynthesisUtterance('Describe a place you like to visit.');
        utterance.lang = 'en-US';
        utterance.onstart = () => seen.push('start');
        utterance.onend = () => {
          seen.push('end');
          resolve(seen);
        };
        utterance.onerror = (event) => {
          seen.push(`error: ${event.error}`);
          resolve(seen);
        };
        setTimeout(() => resolve([...seen, 'timeout']), 20_000);
        speechSynthesis.speak(utterance);
      });
      return { voiceCount: voices.length, englishVoices: voices.filter((v) => v.lang.startsWith('en')).length, events };
    });
    expect(result.voiceCount).toBeGreaterThan(0);
    expect(result.englishVoices).toBeGreaterThan(0);
    expect(result.events).toEqual(['start', 'end']);
    consoleErrors.assertNone();
    await page.context().close();
  });

  it('gives getUserMedia one live audio track that carries the speech file', async () => {
    const { page, consoleErrors } = await openHealthPage();
    const result = await page.evaluate(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const tracks = stream.getAudioTracks().map((t) => ({ kind: t.kind, readyState: t.readyState, enabled: t.enabled, muted: t.muted }));
      const context = new AudioContext();
      await context.resume();
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      context.createMediaStreamSource(stream).connect(analyser);
      // RMS of 50 ms frames over 2.5 s.
      const samples = new Float32Array(analyser.fftSize);
      const levels: number[] = [];
      const until = performance.now() + 2_500;
      while (performance.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        levels.push(Math.sqrt(sum / samples.length));
      }
      for (const track of stream.getTracks()) track.stop();
      await context.close();
      const soundingShare = levels.filter((level) => level > 0.02).length / levels.length;
      return { tracks, videoTracks: stream.getVideoTracks().length, soundingShare };
    });
    expect(result.tracks).toEqual([{ kind: 'audio', readyState: 'live', enabled: true, muted: false }]);
    expect(result.videoTracks).toBe(0);
    // Both peak near 0.3, but Chromium's own fake beep sounds in ~17% of the frames (a short beep
    // every half second) and this speech in ~80%: more than half means the file is playing.
    expect(result.soundingShare).toBeGreaterThan(0.5);
    consoleErrors.assertNone();
    await page.context().close();
  });

  it('opens a phone-sized touch page and takes a full-page screenshot', async () => {
    const { page, consoleErrors } = await openHealthPage('phone');
    const metrics = await page.evaluate(() => ({
      width: screen.width,
      pixelRatio: window.devicePixelRatio,
      touchPoints: navigator.maxTouchPoints,
      mobile: /Android.*Mobile/.test(navigator.userAgent),
    }));
    expect(metrics).toEqual({ width: 390, pixelRatio: 2, touchPoints: expect.any(Number), mobile: true });
    expect(metrics.touchPoints).toBeGreaterThan(0);
    const file = await screenshot(page, 'harness-phone-health');
    expect(existsSync(file)).toBe(true);
    consoleErrors.assertNone();
    await page.context().close();
  });

  it("draws a phone's long page whole as the phone shows it: its touch-screen sizes kept through the capture", async () => {
    const page = await newPage(launched.browser, { viewport: 'phone' });
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Long</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>button { height: 30px } @media (pointer: coarse) { button { height: 44px } }</style></head>` +
        `<body style="margin:0"><main><h1>Long</h1><div style="height:2000px"></div><button>Save</button></main></body></html>`,
    );
    await page.evaluate(() => {
      window.scrollTo(0, 500);
      const seen: boolean[] = [];
      matchMedia('(pointer: coarse)').addEventListener('change', (event) => seen.push(event.matches));
      Object.assign(window, { pointerChanges: seen });
    });
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const file = await screenshot(page, 'harness-phone-long');
    // Chromium's own full-page capture turned the pointer fine (false, then true again): 30 px buttons.
    expect(await page.evaluate(() => (window as unknown as { pointerChanges: boolean[] }).pointerChanges)).toEqual([]);
    // The PNG holds the whole page (its height at the phone's 2 device pixels a CSS pixel) ...
    expect(readFileSync(file).readUInt32BE(20)).toBe(pageHeight * 2);
    // ... and the page is given back as it was: the phone's window, scrolled where it was.
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    expect(await page.evaluate(() => window.scrollY)).toBe(500);
    await page.context().close();
  });

  it('finds serious accessibility faults planted in a page, and only inside an open dialog', async () => {
    const page = await newPage(launched.browser);
    const faults = `
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <button></button>
      <input type="text">
      <p style="color:#aaa;background:#fff">Grey on white</p>`;
    // No <title>: the fifth fault.
    await page.setContent(`<!doctype html><html lang="en"><body><main><h1>Planted</h1>${faults}</main></body></html>`);
    const ruleIds = (violations: string[]) => violations.map((line) => line.slice(0, line.indexOf(':'))).sort();
    expect(ruleIds(await seriousAccessibilityViolations(page))).toEqual(['button-name', 'color-contrast', 'document-title', 'image-alt', 'label']);

    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1><label>Name <input type="text"></label><button>Save</button></main></body></html>`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // With a dialog open only the dialog counts: the faults behind it are ignored, the one in it is not.
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Dialog</title></head><body><main><h1>Behind</h1>${faults}</main>` +
        `<div role="dialog" aria-label="Confirm"><p>Leave the test?</p><button>Leave</button><button></button></div></body></html>`,
    );
    expect(ruleIds(await seriousAccessibilityViolations(page))).toEqual(['button-name']);
    await page.context().close();
  });

  it("finds a button whose label is cut off, as Mantine's label clips it, and passes it once it wraps (every screenshot's check)", async () => {
    const page = await newPage(launched.browser);
    const button = (style: string) =>
      `<button style="width:120px"><span class="mantine-Button-label" style="display:block;overflow:hidden;${style}">Review the next awaiting attempt</span></button>`;
    const html = (style: string) => `<!doctype html><html lang="en"><head><title>Buttons</title></head><body><main><h1>Buttons</h1>${button(style)}</main></body></html>`;
    await page.setContent(html('white-space:nowrap'));
    await expect(lookAt(page, 'harness-clipped-label', { settle: false })).rejects.toThrow(/labels cut off/);
    await page.setContent(html('white-space:normal'));
    await lookAt(page, 'harness-wrapped-label', { settle: false });
    await page.context().close();
  });

  it('stops the speech-dispatcher it spawned when the browser closes', async () => {
    const before = launched.processes();
    expect(before.some((p) => p.command.includes('speech-dispatcher'))).toBe(true);
    await launched.close();
    expect(launched.processes()).toEqual([]);
    expect(launched.runtimeDir && existsSync(launched.runtimeDir)).toBe(false);
  });
});
