/*
 * A scripted SpeechRecognition for end-to-end tests. Chromium cannot transcribe offline, so the test
 * replaces window.SpeechRecognition and window.webkitSpeechRecognition (before any page script runs)
 * with a fake that has the Web Speech API surface the app uses, and says the words itself:
 *
 *   const fake = await installFakeRecognition(page);          // before page.goto
 *   await page.goto(...);                                       // the app starts listening
 *   await fake.say('my name is Asha', { confidence: 0.9 });     // interim 'my name', then the final
 *   await fake.end();                                           // Chrome ending the session on its own
 *   await fake.error('network');                                // an error, then the session ends
 *
 * The fake uses no timers (only microtasks), so it works the same under page.clock.
 */
import type { Page } from 'playwright-core';

export type FakeAvailability = 'available' | 'downloadable' | 'downloading' | 'unavailable';

export interface FakeRecognitionOptions {
  /** What SpeechRecognition.available() answers (default 'unavailable': the browser's service is used). */
  availability?: FakeAvailability;
}

export interface SayOptions {
  /** The final result's confidence (default 0.9). */
  confidence?: number;
  /** Send the first half of the words as an interim result first (default true). */
  interim?: boolean;
}

/** One SpeechRecognition instance as the page configured it. */
export interface FakeSession {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  processLocally: boolean;
  state: 'new' | 'starting' | 'listening' | 'ended';
  stopCalls: number;
  abortCalls: number;
  /** The page's clock (Date.now(), which page.clock drives) when start() was called and when the session ended. */
  startedAt: number | null;
  endedAt: number | null;
}

export interface FakeRecognitionStatus {
  sessions: FakeSession[];
  /** The session started last, if it has not ended. */
  live: FakeSession | null;
  availabilityQueries: Array<{ langs?: string[]; processLocally?: boolean }>;
}

export interface FakeRecognition {
  /** Waits until a session listens, then delivers `text` (interim first, then final). */
  say(text: string, options?: SayOptions): Promise<void>;
  /** Waits until a session listens, then delivers `text` as an interim result only (no final follows). */
  interim(text: string): Promise<void>;
  /** The live session ends on its own, as Chrome does after silence or about a minute. */
  end(): Promise<void>;
  /** The live session reports `code` ('network', 'not-allowed', 'no-speech', ...) and then ends. */
  error(code: string, message?: string): Promise<void>;
  /** Resolves when a session is listening; fails after `timeoutMs` (default 5 s). */
  waitForListening(timeoutMs?: number): Promise<void>;
  status(): Promise<FakeRecognitionStatus>;
  setAvailability(availability: FakeAvailability): Promise<void>;
}

interface PageControl {
  status(): FakeRecognitionStatus;
  isListening(): boolean;
  interim(text: string): void;
  final(text: string, confidence: number): void;
  end(): void;
  error(code: string, message: string): void;
  setAvailability(availability: FakeAvailability): void;
}

const CONTROL = '__parleyFakeRecognition';

/** Runs in the page before its scripts. Self-contained: Playwright sends its source text. */
function installInPage(options: { availability: FakeAvailability; control: string }): void {
  type Result = { transcript: string; confidence: number; isFinal: boolean };
  type Handler = ((event: Event) => void) | null;
  const sessions: Fake[] = [];
  const availabilityQueries: Array<{ langs?: string[]; processLocally?: boolean }> = [];
  let availability = options.availability;
  let live: Fake | null = null;

  const makeLive = (session: Fake) => {
    live = session;
  };
  const later = (callback: () => void) => {
    void Promise.resolve().then(callback);
  };
  const makeEvent = (type: string, fields: Record<string, unknown> = {}) => {
    const event = new Event(type);
    for (const [key, value] of Object.entries(fields)) Object.defineProperty(event, key, { value, enumerable: true });
    return event;
  };
  const resultList = (results: Result[]) => {
    const list = results.map((result) => {
      const alternative = { transcript: result.transcript, confidence: result.confidence };
      const entry = [alternative] as unknown as Record<string, unknown>;
      entry.isFinal = result.isFinal;
      entry.item = (index: number) => (index === 0 ? alternative : null);
      return entry;
    }) as unknown as Record<string, unknown>;
    list.item = (index: number) => (list as unknown as unknown[])[index] ?? null;
    return list;
  };

  class Fake extends EventTarget {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    processLocally = false;
    grammars: unknown = null;
    onstart: Handler = null;
    onend: Handler = null;
    onerror: Handler = null;
    onresult: Handler = null;
    onnomatch: Handler = null;
    onaudiostart: Handler = null;
    onaudioend: Handler = null;
    onsoundstart: Handler = null;
    onsoundend: Handler = null;
    onspeechstart: Handler = null;
    onspeechend: Handler = null;
    state: 'new' | 'starting' | 'listening' | 'ended' = 'new';
    stopCalls = 0;
    abortCalls = 0;
    startedAt: number | null = null;
    endedAt: number | null = null;
    results: Result[] = [];

    constructor() {
      super();
      sessions.push(this);
    }

    static available(request: { langs?: string[]; processLocally?: boolean }) {
      availabilityQueries.push(JSON.parse(JSON.stringify(request ?? {})));
      return Promise.resolve(availability);
    }

    static install() {
      return Promise.resolve(false);
    }

    fire(type: string, fields: Record<string, unknown> = {}) {
      const event = makeEvent(type, fields);
      const handler = (this as unknown as Record<string, unknown>)[`on${type}`];
      if (typeof handler === 'function') handler.call(this, event);
      this.dispatchEvent(event);
    }

    start() {
      if (this.state !== 'new') throw new DOMException('recognition has already started', 'InvalidStateError');
      this.state = 'starting';
      this.startedAt = Date.now();
      makeLive(this);
      later(() => {
        if (this.state !== 'starting') return;
        this.state = 'listening';
        this.fire('start');
        this.fire('audiostart');
      });
    }

    stop() {
      this.stopCalls += 1;
      later(() => {
        // Chrome makes pending words final when asked to stop.
        const pending = this.results.findIndex((result) => !result.isFinal);
        if (pending >= 0) {
          this.results[pending] = { ...(this.results[pending] as Result), isFinal: true };
          this.deliver(pending);
        }
        this.finish();
      });
    }

    abort() {
      this.abortCalls += 1;
      later(() => {
        if (this.state === 'ended') return;
        this.fire('error', { error: 'aborted', message: '' });
        this.finish();
      });
    }

    deliver(resultIndex: number) {
      this.fire('result', { resultIndex, results: resultList(this.results) });
    }

    finish() {
      if (this.state === 'ended') return;
      this.state = 'ended';
      this.endedAt = Date.now();
      if (live === this) live = null;
      this.fire('audioend');
      this.fire('end');
    }

    snapshot() {
      const { lang, continuous, interimResults, processLocally, state, stopCalls, abortCalls, startedAt, endedAt } = this;
      return { lang, continuous, interimResults, processLocally: processLocally === true, state, stopCalls, abortCalls, startedAt, endedAt };
    }
  }

  const listening = (): Fake => {
    if (!live || live.state !== 'listening') throw new Error('fake recognition: no session is listening');
    return live;
  };
  const control: PageControl = {
    status: () => ({ sessions: sessions.map((s) => s.snapshot()), live: live ? live.snapshot() : null, availabilityQueries }),
    isListening: () => live !== null && live.state === 'listening',
    interim(text) {
      const session = listening();
      const finals = session.results.filter((result) => result.isFinal);
      session.results = [...finals, { transcript: text, confidence: 0, isFinal: false }];
      session.deliver(finals.length);
    },
    final(text, confidence) {
      const session = listening();
      const finals = session.results.filter((result) => result.isFinal);
      session.results = [...finals, { transcript: text, confidence, isFinal: true }];
      session.deliver(finals.length);
    },
    end: () => listening().finish(),
    error(code, message) {
      const session = listening();
      session.fire('error', { error: code, message });
      session.finish();
    },
    setAvailability(next) {
      availability = next;
    },
  };
  for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
    Object.defineProperty(window, name, { value: Fake, configurable: true, writable: true });
  }
  Object.defineProperty(window, options.control, { value: control, configurable: true });
}

/** Replaces the page's SpeechRecognition with the scripted fake; call before page.goto. */
export async function installFakeRecognition(page: Page, options: FakeRecognitionOptions = {}): Promise<FakeRecognition> {
  await page.addInitScript(installInPage, { availability: options.availability ?? 'unavailable', control: CONTROL });

  // By method name, not by sending function source: the app's Content-Security-Policy forbids eval.
  const inPage = <M extends keyof PageControl>(method: M, ...args: Parameters<PageControl[M]>): Promise<ReturnType<PageControl[M]>> =>
    page.evaluate(
      ({ name, method: called, args: values }) => {
        const control = (window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)[name];
        if (!control) throw new Error('fake recognition is not installed in this page');
        return control[called]?.(...values);
      },
      { name: CONTROL, method, args },
    ) as Promise<ReturnType<PageControl[M]>>;

  async function waitForListening(timeoutMs = 5_000): Promise<void> {
    // Polled from here, not with page.waitForFunction: it keeps working when page.clock is paused.
    const deadline = Date.now() + timeoutMs;
    while (!(await inPage('isListening'))) {
      if (Date.now() > deadline) throw new Error(`fake recognition: no session listened within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  return {
    async say(text, sayOptions = {}) {
      await waitForListening();
      const words = text.trim().split(/\s+/);
      if ((sayOptions.interim ?? true) && words.length > 1) {
        await inPage('interim', words.slice(0, Math.ceil(words.length / 2)).join(' '));
      }
      await inPage('final', text, sayOptions.confidence ?? 0.9);
    },
    async interim(text) {
      await waitForListening();
      await inPage('interim', text);
    },
    async end() {
      await waitForListening();
      await inPage('end');
    },
    async error(code, message = '') {
      await waitForListening();
      await inPage('error', code, message);
    },
    waitForListening,
    status: () => inPage('status'),
    setAvailability: (availability) => inPage('setAvailability', availability),
  };
}
