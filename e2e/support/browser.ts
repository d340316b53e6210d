import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { processesMentioning, type ProcessInfo } from '../../src/server/test/processes.js';
import { trackRequests } from './settled.js';

export { processesMentioning, type ProcessInfo };

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** From the platform notes; without the background-networking ones Chromium floods the closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /** A WAV file (48 kHz mono 16-bit, see makeSpeechWav) fed to the fake microphone instead of the beep. */
  fakeAudioFile?: string;
  /** Real speech synthesis through a private speech-dispatcher (espeak-ng voices). */
  speech?: boolean;
  /** More Chromium flags. */
  args?: string[];
  /** Keep Chromium's back/forward cache, which Playwright turns off by default. */
  backForwardCache?: boolean;
}

export interface LaunchedBrowser {
  browser: Browser;
  /** The private XDG_RUNTIME_DIR of this browser's speech-dispatcher, when speech is on. */
  runtimeDir: string | undefined;
  /** Live processes started for this browser (Chromium, speech-dispatcher and its modules). */
  processes(): ProcessInfo[];
  /** Closes the browser, stops the speech-dispatcher it spawned and removes the temp folder. Safe to call twice. */
  close(): Promise<void>;
}

const ALSA_NULL_SINK = 'pcm.!default { type null }\n';
const SYSTEM_SPEECHD_CONF = '/etc/speech-dispatcher/speechd.conf';

/**
 * speech-dispatcher's own configuration with audio sent to ALSA, whose default device (the
 * `.asoundrc` beside it) discards everything: no sound server is needed and nothing plays.
 */
function speechdConf(): string {
  const system = readFileSync(SYSTEM_SPEECHD_CONF, 'utf8');
  const withoutOutput = system.replace(/^[ \t]*AudioOutputMethod\b.*$/gm, '');
  return `${withoutOutput}\nAudioOutputMethod "alsa"\n`;
}

function prepareSpeechHome(): { home: string; configHome: string; runtimeDir: string } {
  if (!existsSync(SYSTEM_SPEECHD_CONF)) {
    throw new Error(`${SYSTEM_SPEECHD_CONF} is missing: apt-get install -y --no-install-recommends speech-dispatcher speech-dispatcher-espeak-ng`);
  }
  const home = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-browser-'));
  const configHome = path.join(home, '.config');
  const runtimeDir = path.join(home, 'runtime');
  mkdirSync(path.join(configHome, 'speech-dispatcher'), { recursive: true });
  mkdirSync(runtimeDir, { mode: 0o700 });
  writeFileSync(path.join(home, '.asoundrc'), ALSA_NULL_SINK);
  writeFileSync(path.join(configHome, 'speech-dispatcher', 'speechd.conf'), speechdConf());
  return { home, configHome, runtimeDir };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * Stops the processes started for a browser: those that name `marker`, a folder only this browser
 * uses, on their command line or in their environment (speech-dispatcher's output modules do not name
 * it on their command line, but inherit XDG_RUNTIME_DIR), and the speech-dispatcher of its pid file.
 */
async function stopProcesses(marker: string, runtimeDir: string): Promise<void> {
  const pidFile = path.join(runtimeDir, 'speech-dispatcher', 'pid', 'speech-dispatcher.pid');
  const pids = new Set(processesMentioning(marker).map((p) => p.pid));
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0) pids.add(pid);
  }
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (processesMentioning(marker).length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const { pid } of processesMentioning(marker)) signal(pid, 'SIGKILL');
}

/** Debian's Chromium from the platform notes, driven by playwright-core. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium (npm test does it as root)`);
  const args = [...CHROMIUM_FLAGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
  if (options.fakeAudioFile) {
    if (!existsSync(options.fakeAudioFile)) throw new Error(`fake audio file ${options.fakeAudioFile} does not exist`);
    args.push(`--use-file-for-fake-audio-capture=${path.resolve(options.fakeAudioFile)}`);
  }
  let speechHome: ReturnType<typeof prepareSpeechHome> | undefined;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  if (options.speech) {
    speechHome = prepareSpeechHome();
    args.push('--enable-speech-dispatcher');
    env.HOME = speechHome.home;
    env.XDG_CONFIG_HOME = speechHome.configHome;
    env.XDG_RUNTIME_DIR = speechHome.runtimeDir;
  }
  args.push(...(options.args ?? []));

  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args, env, ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}) });
  } catch (error) {
    if (speechHome) rmSync(speechHome.home, { recursive: true, force: true });
    throw error;
  }

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await browser.close().catch(() => {});
      if (speechHome) {
        await stopProcesses(speechHome.home, speechHome.runtimeDir);
        rmSync(speechHome.home, { recursive: true, force: true });
      }
    })();
    return closing;
  };
  return {
    browser,
    runtimeDir: speechHome?.runtimeDir,
    processes: () => (speechHome ? processesMentioning(speechHome.home) : []),
    close,
  };
}

export type ViewportName = 'desktop' | 'phone';

const VIEWPORTS: Record<ViewportName, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

/**
 * A user agent that says what the page is shown on, as a real browser would: device detection in
 * the app reads it. Headless Chromium otherwise says "HeadlessChrome" on a Linux desktop.
 */
function userAgentFor(viewport: ViewportName, version: string): string {
  if (viewport === 'phone') {
    return `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Mobile Safari/537.36`;
  }
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;
}

/**
 * PARLEY_E2E_CPU_SLOWDOWN=6 runs every Chromium page with its main thread slowed that many times
 * (DevTools' CPU throttling), as on a mid-range phone: a way to look for what only a slow device
 * shows (a browser event before React has mounted the element it came from). Unset in `npm test`.
 */
const CPU_SLOWDOWN = Number(process.env.PARLEY_E2E_CPU_SLOWDOWN ?? 1);

/**
 * A page in its own context (own cookies and storage). Close it with `page.context().close()`.
 * `cpuSlowdown` slows a Chromium page's main thread that many times (default PARLEY_E2E_CPU_SLOWDOWN).
 */
export async function newPage(
  browser: Browser,
  options: { viewport?: ViewportName; cpuSlowdown?: number } & Omit<BrowserContextOptions, 'viewport'> = {},
): Promise<Page> {
  const { viewport = 'desktop', cpuSlowdown = CPU_SLOWDOWN, ...contextOptions } = options;
  const context = await browser.newContext({
    ...VIEWPORTS[viewport],
    userAgent: userAgentFor(viewport, browser.version()),
    locale: 'en-US',
    ...contextOptions,
  });
  trackRequests(context);
  const page = await context.newPage();
  if (cpuSlowdown > 1 && browser.browserType().name() === 'chromium') {
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  return page;
}
