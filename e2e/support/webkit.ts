/*
 * WebKit, Safari's engine, for real: Debian's WebKitGTK MiniBrowser driven by its WebKitWebDriver
 * (`webkit2gtk-driver`) over plain W3C WebDriver HTTP, no client library. WebKitGTK draws only on a
 * display, so each browser gets its own Xvfb (`xvfb`); its microphone is a PulseAudio source (see
 * pulse.ts) named by PULSE_SERVER.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';

export const WEBKIT_DRIVER_PATH = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** Safari on an iPhone (iOS 18), as the app's device detection reads it. */
export const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

export interface WebKitOptions {
  /** PULSE_SERVER of the microphone (startPulseMicrophone().server). */
  pulseServer?: string;
  userAgent?: string;
  /** The page's viewport (default 1280x800); the window is as much larger as its toolbar needs. */
  width?: number;
  height?: number;
}

/** What a script run in the page gave back, or the error it threw. */
type Outcome<T> = { ok: T } | { error: string };

export interface WebKitBrowser {
  readonly version: string;
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page with `args` (JSON), awaiting its promise, and returns its JSON result. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** Polls `fn` in the page every 100 ms until it returns a truthy value, which is returned. */
  waitFor<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, options: { timeoutMs: number; what: string }, ...args: A): Promise<T>;
  /** Clicks the first element matching the CSS selector, as WebDriver does (scrolled into view, a real pointer click). */
  click(selector: string): Promise<void>;
  /** Clicks the button whose whole text is `name`. */
  clickButton(name: string): Promise<void>;
  /** The visible text of the page's body. */
  text(): Promise<string>;
  /** A PNG of the window. */
  screenshot(file: string): Promise<void>;
  /** Sets the page's viewport (the window's size, which also brings a minimised window back). */
  resize(width: number, height: number): Promise<void>;
  /** Minimises the window: the page really goes out of sight (visibilitychange to hidden). */
  minimize(): Promise<void>;
  close(): Promise<void>;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * An Xvfb on a free display: a number between 100 and 999 with neither a lock file nor a socket
 * (another Xvfb's, or one left by a killed one), ready once its socket appears. Returns ':N'.
 */
async function startXvfb(output: { text: string }): Promise<{ display: string; process: ChildProcess }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const number = 100 + Math.floor(Math.random() * 900);
    const socket = `/tmp/.X11-unix/X${number}`;
    if (existsSync(`/tmp/.X${number}-lock`) || existsSync(socket)) continue;
    const xvfb = spawn('Xvfb', [`:${number}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe'] });
    xvfb.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    const deadline = Date.now() + 30_000;
    while (!existsSync(socket) && xvfb.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    if (existsSync(socket) && xvfb.exitCode === null) return { display: `:${number}`, process: xvfb };
    await stop(xvfb);
  }
  throw new Error(`Xvfb did not start on a free display:\n${output.text}`);
}

/** Starts Xvfb, WebKitWebDriver and a MiniBrowser session; fails with their output when one does not start. */
export async function launchWebKit(options: WebKitOptions = {}): Promise<WebKitBrowser> {
  for (const file of [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: apt-get install -y webkit2gtk-driver xvfb (npm test does it as root)`);
  }
  const output = { text: '' };
  const home = mkdtempSync(path.join(os.tmpdir(), 'parley-webkit-'));
  const runtimeDir = path.join(home, 'run');
  mkdirSync(runtimeDir, { mode: 0o700 });
  // ALSA's default device discards what the page plays; PulseAudio (when given) is the microphone.
  writeFileSync(path.join(home, '.asoundrc'), 'pcm.!default { type null }\n');
  // MiniBrowser's toolbar (its buttons' padding, the address field's minimum width) keeps the window
  // at least 447 px wide: an iPhone's 390 px page was laid out at 447. This lets the toolbar shrink.
  mkdirSync(path.join(home, '.config', 'gtk-3.0'), { recursive: true });
  writeFileSync(path.join(home, '.config', 'gtk-3.0', 'gtk.css'), 'entry, button { min-width: 0; padding-left: 0; padding-right: 0; }\n');
  const children: ChildProcess[] = [];
  const cleanUp = async () => {
    for (const child of children.reverse()) await stop(child);
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const xvfb = await startXvfb(output);
    children.push(xvfb.process);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: xvfb.display, HOME: home, XDG_RUNTIME_DIR: runtimeDir, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_DATA_HOME: path.join(home, '.local') };
    if (options.pulseServer) env.PULSE_SERVER = options.pulseServer;
    const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(driver);
    driver.stdout?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    driver.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;

    const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
      if (!response.ok) throw new Error(`WebDriver ${method} ${url}: ${answer.value.error ?? response.status}: ${answer.value.message ?? ''}`);
      return answer.value;
    };
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ready = await fetch(`${base}/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (driver.exitCode !== null || Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer on ${base}:\n${output.text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const args = ['--automation', '--enable-media-stream=true', '--enable-mediasource=true', '--media-playback-requires-user-gesture=false'];
    if (options.userAgent) args.push(`--user-agent=${options.userAgent}`);
    const session = await call<{ sessionId: string; capabilities: { browserVersion: string } }>('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args } } },
    });
    const s = `/session/${session.sessionId}`;
    // WebKitWebDriver times an async script with the page's own setTimeout, which a test's page clock
    // runs forward: its limit is set out of reach, and each script is timed here in real time instead.
    await call('POST', `${s}/timeouts`, { script: 2_000_000_000 });

    const evaluate = async <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...fnArgs: A): Promise<T> => {
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (${fn.toString()}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
          .then((ok) => done({ ok: ok === undefined ? null : ok }), (error) => done({ error: String(error && error.stack || error) }));`;
      const outcome = await call<Outcome<T>>('POST', `${s}/execute/async`, { script, args: fnArgs });
      if ('error' in outcome) throw new Error(`in WebKit: ${outcome.error}`);
      return outcome.ok;
    };
    // The window's toolbar takes some of its height (and width, were it ever beside the page): measured
    // once, then added to every size asked for, so that the page's own viewport is that size.
    const viewport = () => evaluate((): [number, number] => [window.innerWidth, window.innerHeight]);
    const [width, height] = [options.width ?? 1280, options.height ?? 800];
    await call('POST', `${s}/window/rect`, { width, height });
    const [innerWidth, innerHeight] = await viewport();
    const chrome = { width: width - innerWidth, height: height - innerHeight };
    const fitViewport = (w: number, h: number) => call('POST', `${s}/window/rect`, { width: w + chrome.width, height: h + chrome.height });
    await fitViewport(width, height);
    let fitted = await viewport();
    // The toolbar may be laid out only after that first measure (seen once in a CI run: 1280x762 for
    // 1280x800): what it takes now is added, and the window fitted again, a few times at most.
    for (let tries = 0; tries < 3 && (fitted[0] !== width || fitted[1] !== height); tries += 1) {
      chrome.width += width - fitted[0];
      chrome.height += height - fitted[1];
      await fitViewport(width, height);
      fitted = await viewport();
    }
    if (fitted[0] !== width || fitted[1] !== height) throw new Error(`WebKit's viewport is ${fitted.join('x')}, not the ${width}x${height} asked for`);
    const find = async (using: string, value: string) => {
      const element = await call<Record<string, string>>('POST', `${s}/element`, { using, value });
      const id = Object.values(element)[0];
      if (!id) throw new Error(`no element for ${value}`);
      return id;
    };

    return {
      version: session.capabilities.browserVersion,
      goto: (url) => call('POST', `${s}/url`, { url }).then(() => undefined),
      evaluate,
      async waitFor(fn, { timeoutMs, what }, ...fnArgs) {
        const until = Date.now() + timeoutMs;
        for (;;) {
          const value = await evaluate(fn, ...fnArgs);
          if (value) return value;
          if (Date.now() > until) throw new Error(`WebKit: ${what} did not happen within ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async click(selector) {
        await call('POST', `${s}/element/${await find('css selector', selector)}/click`, {});
      },
      async clickButton(name) {
        await call('POST', `${s}/element/${await find('xpath', `//button[normalize-space(.)=${JSON.stringify(name)}]`)}/click`, {});
      },
      text: () => evaluate(() => document.body.innerText),
      async screenshot(file) {
        const png = await call<string>('GET', `${s}/screenshot`);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, Buffer.from(png, 'base64'));
      },
      async resize(width, height) {
        await fitViewport(width, height);
      },
      async minimize() {
        await call('POST', `${s}/window/minimize`, {});
      },
      async close() {
        await call('DELETE', s).catch(() => {});
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
