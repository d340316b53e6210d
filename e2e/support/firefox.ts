/*
 * Debian's Firefox ESR (`firefox-esr`), headless, driven over WebDriver BiDi by puppeteer-core (no
 * browser download: puppeteer-core never fetches one). Its microphone is a PulseAudio source (see
 * pulse.ts) named by PULSE_SERVER; the permission prompt is turned off by a preference, as
 * Chromium's --use-fake-ui-for-media-stream does.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

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
  // ALSA's default device discards what the page plays when no PulseAudio is given.
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
