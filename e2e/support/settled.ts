import { errors, type BrowserContext, type Page, type Request } from 'playwright-core';
import { sleep } from './speaking-flow.js';

/**
 * When a screen is ready to be looked at, by what the page says rather than by a fixed wait: its
 * fonts loaded, every finite animation and transition ended and, when asked, none of its requests
 * in flight. Replaces Playwright's `networkidle` (500 ms without a request, every time) and fixed
 * settling pauses (350-400 ms a look): 50 looks in `screens.test.ts` spent 42 s in those.
 */

/** The requests a screen waits for; media (a recording's audio) streams while it plays and is left out. */
const AWAITED_TYPES = new Set(['document', 'stylesheet', 'script', 'font', 'image', 'fetch', 'xhr']);

interface Requests {
  open: Set<Request>;
  /** How many have started, to see whether one began while the page was looked at. */
  started: number;
}

/** Each page's requests, from the moment its context was tracked. */
const pageRequests = new WeakMap<Page, Requests>();

function requestsOf(page: Page): Requests {
  let requests = pageRequests.get(page);
  if (!requests) pageRequests.set(page, (requests = { open: new Set(), started: 0 }));
  return requests;
}

function pageOf(request: Request): Page | null {
  try {
    return request.frame().page();
  } catch {
    // A service worker's request belongs to no frame.
    return null;
  }
}

const trackedContexts = new WeakSet<BrowserContext>();

/** Counts the requests of a context's pages from now on; `newPage` calls it on every context it makes. */
export function trackRequests(context: BrowserContext): void {
  trackedContexts.add(context);
  context.on('request', (request) => {
    const page = pageOf(request);
    if (!page || !AWAITED_TYPES.has(request.resourceType())) return;
    const requests = requestsOf(page);
    requests.open.add(request);
    requests.started += 1;
  });
  const ended = (request: Request) => {
    const page = pageOf(request);
    if (page) pageRequests.get(page)?.open.delete(request);
  };
  context.on('requestfinished', ended);
  context.on('requestfailed', ended);
}

/** How long no request of the page must be in flight before its data counts as loaded. */
const QUIET_MS = 100;
const POLL_MS = 25;
/** How long a loading state (aria-busy) is waited for before the look goes on without it. */
const BUSY_MS = 2_000;

async function quietFor(open: Set<Request>, deadline: number, timeoutMs: number): Promise<void> {
  let quietSince = Date.now();
  for (;;) {
    const now = Date.now();
    if (open.size > 0) quietSince = now;
    else if (now - quietSince >= QUIET_MS) return;
    if (now > deadline) throw new Error(`Requests still in flight after ${timeoutMs} ms: ${[...open].map((request) => request.url()).join(', ')}`);
    await sleep(POLL_MS);
  }
}

/**
 * No request of the page in flight for 100 ms, and none started while its main thread finished its
 * work (an idle callback): a screen that parses a chunk and then asks for its data can spend more
 * than 100 ms between the two requests with none in flight.
 */
async function noRequestsInFlight(page: Page, timeoutMs: number): Promise<void> {
  if (!trackedContexts.has(page.context())) {
    // A page made without newPage: Playwright's own measure.
    await page.waitForLoadState('networkidle', { timeout: timeoutMs });
    return;
  }
  const requests = requestsOf(page);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await quietFor(requests.open, deadline, timeoutMs);
    const started = requests.started;
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 1_000 })));
    if (requests.started !== started) continue;
    // A loading state says so (FullPageLoader, a table's rows): React 19 shows a suspended screen's
    // content up to 300 ms after its data came, with nothing in flight. A screen may stay busy for
    // good (a recording's analysis under way), so this wait gives up after 2 s and the look goes on,
    // with a line in the run's log that explains the slow look. Any other failure of the wait (the
    // page navigated meanwhile) says nothing about a loading state and is let go silently.
    const stayedBusy = await page
      .waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, null, { polling: 'raf', timeout: BUSY_MS })
      .then(
        () => false,
        (error: unknown) => error instanceof errors.TimeoutError,
      );
    if (stayedBusy) console.warn(`settled: ${page.url()} stayed aria-busy for ${BUSY_MS / 1000} s; looked at as it is`);
    if (requests.started === started) return;
  }
}

/**
 * Resolves once the fonts are loaded and no finite animation or transition is running, checked
 * over a few frames: Mantine starts an entrance transition two animation frames after the element
 * mounts (use-transition.mjs), so a single look could come before it begins. Endless animations (a
 * loader, a listening pulse) are not waited for.
 */
async function motionEnded(timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const frame = () => new Promise<void>((next) => requestAnimationFrame(() => next()));
  const running = () =>
    document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
    });
  await document.fonts.ready;
  // Three frames in a row without a finite animation running.
  for (let stillFrames = 0; stillFrames < 3 && performance.now() < deadline; ) {
    await frame();
    const animations = running();
    if (animations.length === 0) {
      stillFrames += 1;
      continue;
    }
    stillFrames = 0;
    await Promise.race([Promise.all(animations.map((animation) => animation.finished.catch(() => undefined))), new Promise((later) => setTimeout(later, deadline - performance.now()))]);
  }
}

export interface SettledOptions {
  /** Wait also for the page's requests and loading states to end (default false; noRequestsInFlight). */
  network?: boolean;
  /** At most this long (default 10 s): past it the network wait throws and the motion wait stops waiting. */
  timeoutMs?: number;
}

/** Waits until the page has settled: see the module's comment. */
export async function settled(page: Page, { network = false, timeoutMs = 10_000 }: SettledOptions = {}): Promise<void> {
  if (network) await noRequestsInFlight(page, timeoutMs);
  await page.evaluate(motionEnded, timeoutMs);
}
