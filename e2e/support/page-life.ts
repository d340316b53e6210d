/*
 * For browsers driven without Playwright (Firefox over BiDi, WebKit over WebDriver): what the page
 * went through while a test took it out of sight and back. `watchPageLife` runs in the page (it is
 * sent as text, so it is self-contained): as a preload script, or after the app's scripts but before
 * the app starts a MediaRecorder.
 */
import type { DrivenPage } from './driven-test.js';

export interface PageLife {
  /** The state of each MediaRecorder the page started, in the order started. */
  recorders: string[];
  /** Uncaught errors, unhandled rejections and console.error messages. */
  errors: string[];
  /** visibilitychange (with the state), pagehide and pageshow (with persisted), focus and blur, in order. */
  events: string[];
}

const NAME = '__parleyPageLife';

export function watchPageLife(): void {
  const w = window as unknown as Record<string, PageLife | undefined>;
  // The name is repeated here: the function is sent to the page as text, without this module.
  const name = '__parleyPageLife';
  if (w[name]) return;
  const started: MediaRecorder[] = [];
  const life: PageLife = { recorders: [], errors: [], events: [] };
  Object.defineProperty(life, 'recorders', { enumerable: true, get: () => started.map((recorder) => recorder.state) });
  w[name] = life;
  if (typeof MediaRecorder !== 'undefined') {
    const start = MediaRecorder.prototype.start;
    MediaRecorder.prototype.start = function (this: MediaRecorder, ...args: Parameters<MediaRecorder['start']>) {
      started.push(this);
      return start.apply(this, args);
    };
  }
  addEventListener('error', (event) => life.errors.push(`error: ${event.message}`));
  addEventListener('unhandledrejection', (event) => life.errors.push(`unhandled rejection: ${String(event.reason)}`));
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    life.errors.push(`console.error: ${args.map(String).join(' ')}`);
    consoleError(...args);
  };
  document.addEventListener('visibilitychange', () => life.events.push(`visibilitychange:${document.visibilityState}`));
  for (const type of ['pagehide', 'pageshow']) addEventListener(type, (event) => life.events.push(`${type}:persisted=${String((event as PageTransitionEvent).persisted)}`));
  for (const type of ['focus', 'blur']) addEventListener(type, () => life.events.push(type));
}

/** What watchPageLife has seen so far; fails when it was not installed in this document. */
export function pageLife(page: DrivenPage): Promise<PageLife> {
  return page.evaluate((name) => {
    const life = (window as unknown as Record<string, PageLife | undefined>)[name];
    if (!life) throw new Error('watchPageLife was not installed in this page');
    return JSON.parse(JSON.stringify(life)) as PageLife;
  }, NAME);
}
