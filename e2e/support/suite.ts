import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { sessionCookieForUser } from '../../src/server/test/app.js';
import { launchBrowser, newPage, type LaunchedBrowser, type LaunchOptions, type ViewportName } from './browser.js';
import { collectConsoleErrors, type ConsoleErrors } from './console.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export interface SuiteOptions {
  /** Server options, or a function making them when the suite starts (after earlier beforeAll hooks). */
  server?: TestServerOptions | (() => TestServerOptions);
  /** Browser options, or a function making them (e.g. a speech WAV for the fake microphone). */
  browser?: LaunchOptions | (() => Promise<LaunchOptions>);
}

export interface SuitePageOptions extends Omit<BrowserContextOptions, 'viewport'> {
  viewport?: ViewportName;
  /** How many times slower a Chromium page's main thread runs (newPage in browser.ts). */
  cpuSlowdown?: number;
  /** Console errors that are expected here (a 401 while signed out, a refused request ...). */
  ignore?: RegExp[];
  /** Playwright's default timeout for this page (default 10 s). */
  timeoutMs?: number;
}

export interface SuitePage {
  page: Page;
  errors: ConsoleErrors;
}

/**
 * One file's browser suite: the real app on a fresh database and one Chromium, started before the
 * file's tests and stopped after them. Pages opened with `openPage` live in their own context, fail
 * their test on an unexpected console error, and are closed after each test.
 */
export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: LaunchedBrowser;
  openPage(options?: SuitePageOptions): Promise<SuitePage>;
  /** Signs a user in on the page's context with a session made directly (for files not about signing in). */
  signInAs(page: Page, userId: number): Promise<void>;
}

export function useBrowserSuite(options: SuiteOptions = {}): BrowserSuite {
  let server: TestServer | undefined;
  let browser: LaunchedBrowser | undefined;
  let pages: SuitePage[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The suite's ${what} is used before beforeAll started it.`);
    return value;
  };

  beforeAll(async () => {
    const launchOptions = typeof options.browser === 'function' ? await options.browser() : options.browser;
    const serverOptions = typeof options.server === 'function' ? options.server() : options.server;
    [server, browser] = await Promise.all([startTestServer(serverOptions), launchBrowser(launchOptions)]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async () => {
    const opened = pages;
    pages = [];
    for (const { page } of opened) await page.context().close();
    for (const { errors } of opened) errors.assertNone();
  });

  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async openPage({ viewport = 'desktop', ignore = [], timeoutMs = 10_000, ...contextOptions } = {}) {
      const page = await newPage(started(browser, 'browser').browser, { viewport, ...contextOptions });
      page.setDefaultTimeout(timeoutMs);
      const opened = { page, errors: collectConsoleErrors(page, { ignore }) };
      pages.push(opened);
      return opened;
    },
    async signInAs(page, userId) {
      const app = started(server, 'server');
      const [name, value] = (await sessionCookieForUser(app.database.db, userId)).split('=') as [string, string];
      await page.context().addCookies([{ name, value, url: app.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    },
  };
}

/** Opens /auth and signs in through the form, as a person would (it does not wait for where it leads). */
export async function signInWithForm(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Username or mobile number').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
