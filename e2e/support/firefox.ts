/*
 * Debian's Firefox ESR (`firefox-esr`), headless, driven over WebDriver BiDi by puppeteer-core (no
 * browser download: puppeteer-core never fetches one). Its microphone is a PulseAudio source (see
 * pulse.ts) named by PULSE_SERVER; the permission prompt is turned off by a preference, as
 * Chromium's --use-fake-ui-for-media-stream does.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type EvaluateFunc, type Page } from 'puppeteer-core';
import type { ClickingPage } from './driven-test.js';

export const FIREFOX_PATH = '/usr/bin/firefox-esr';

export interface FirefoxOptions {
  /** PULSE_SERVER of the microphone (startPulseMicrophone().server). */
  pulseServer?: string;
}

export interface LaunchedFirefox {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchFirefox(options: FirefoxOptions = {}): Promise<LaunchedFirefox> {
  if (!existsSync(FIREFOX_PATH)) throw new Error(`${FIREFOX_PATH} is missing: apt-get install -y firefox-esr (npm test does it as root)`);
  const home = mkdtempSync(path.join(os.tmpdir(), 'parley-firefox-'));
  // ALSA's default device discards what the page plays when no PulseAudio is given. A page that asks
  // for the microphone needs `pulseServer`: on this null device getUserMedia succeeds, the device
  // claiming 1,073,741,823 channels, and Firefox ESR 153's content process then crashes (SIGSEGV)
  // about 0.1 s later. No real device says so: with no sound input at all Firefox gives NotFoundError.
  writeFileSync(path.join(home, '.asoundrc'), 'pcm.!default { type null }\n');
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  env.HOME = home;
  env.XDG_RUNTIME_DIR = home;
  if (options.pulseServer) env.PULSE_SERVER = options.pulseServer;
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      env,
      extraPrefsFirefox: {
        // Grant the microphone without a prompt (only the PulseAudio source exists).
        'media.navigator.permission.disabled': true,
        'media.autoplay.default': 0,
        // No network beyond this machine: no updates, telemetry or safe-browsing lists.
        'app.update.enabled': false,
        'browser.safebrowsing.update.enabled': false,
        'network.captive-portal-service.enabled': false,
        'network.connectivity-service.enabled': false,
      },
    });
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    browser,
    close() {
      closing ??= (async () => {
        await browser.close().catch(() => {});
        rmSync(home, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/** A puppeteer page as the driven helpers (driven-test.ts, driven-interview.ts) use a page. */
export function drivenPage(page: Page): ClickingPage {
  return {
    evaluate: <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> =>
      // puppeteer types a page function's parameters through its handles; these are plain JSON.
      page.evaluate(fn as unknown as EvaluateFunc<A>, ...args) as Promise<T>,
    async clickButton(name) {
      // React may draw the button anew between finding it and clicking it (detached), or the page's
      // first frame may hold one not laid out yet (the prerendered skeleton's, "not clickable"): then
      // it is found again, a moment later.
      for (let attempt = 1; ; attempt += 1) {
        const handle = await page.evaluateHandle((label) => [...document.querySelectorAll('button')].find((button) => button.innerText.trim() === label) ?? null, name);
        const button = handle.asElement() as ElementHandle<HTMLButtonElement> | null;
        try {
          if (!button) throw new Error(`no button "${name}"`);
          // A real pointer click (scrolled into view), as WebKit's clickButton does over WebDriver.
          await button.click();
          return;
        } catch (error) {
          if (attempt >= 5 || !/detached|not clickable/.test(String(error))) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        } finally {
          await handle.dispose();
        }
      }
    },
  };
}
