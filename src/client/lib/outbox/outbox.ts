/*
 * The durable outbox: a finished test or interview is written to the browser's storage (IndexedDB)
 * before the first request, then sent until the server confirms it, with backoff, also after a
 * reload or a later visit. Nothing here knows about React or IndexedDB directly: the store,
 * transport and clock are injected, so the rules are unit-tested with plain objects.
 *
 * Sending is two steps: the attempt (JSON, idempotent on its client-made attemptId), then the
 * recording (raw audio bytes, PUT to the attempt). An entry leaves the store only when both are
 * confirmed, or when the server refuses the recording for good (the attempt itself is safe then).
 */

export type OutboxKind = 'test' | 'interview';

export interface OutboxRecording {
  blob: Blob;
  /** The recorder's MIME type, e.g. 'audio/webm;codecs=opus'; sent as the upload's content type. */
  mimeType: string;
}

export interface OutboxSubmission {
  /** The attempt id (a UUID the client made once for this test or interview). */
  id: string;
  kind: OutboxKind;
  /** The signed-in user who finished it: entries are only sent while that user is signed in. */
  ownerUserId: number;
  /** Where the attempt is posted, e.g. '/api/test-sessions'. */
  saveUrl: string;
  body: unknown;
  recording: OutboxRecording | null;
}

export interface OutboxEntry extends OutboxSubmission {
  createdAt: number;
  /** Failed sends so far (of either step); drives the backoff. */
  tries: number;
  nextTryAt: number;
  attemptSaved: boolean;
  /** The server's answer to the attempt (its own scores), once saved. */
  result: unknown;
  /** The server refused the attempt for good (a 4xx other than 401/408/429): kept, not retried. */
  refused: { status: number; message: string } | null;
  lastError: string | null;
}

export type OutboxStatus =
  /** Not in this outbox: never submitted from this browser, or confirmed before this page loaded. */
  | { state: 'unknown' }
  | {
      state: 'pending';
      attemptSaved: boolean;
      tries: number;
      /** When the next send is due (ms since epoch); null while a send is running. */
      nextTryAt: number | null;
      lastError: string | null;
      /** The server answered 401: sending resumes when the same user signs in again. */
      waitingForSignIn: boolean;
      /** The browser would not store it: it is kept in this page's memory only. */
      memoryOnly: boolean;
    }
  | { state: 'saved'; result: unknown; recordingError: string | null }
  | { state: 'failed'; status: number; message: string };

export interface OutboxStore {
  get(id: string): Promise<OutboxEntry | undefined>;
  put(entry: OutboxEntry): Promise<void>;
  delete(id: string): Promise<void>;
  all(): Promise<OutboxEntry[]>;
}

export interface OutboxResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

export type OutboxFetch = (url: string, init: { method: 'POST' | 'PUT'; headers: Record<string, string>; body: string | Blob; credentials: 'include' }) => Promise<OutboxResponse>;

export interface OutboxDependencies {
  store: OutboxStore;
  fetch: OutboxFetch;
  now: () => number;
  setTimer: (callback: () => void, delayMs: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Jitter source in [0, 1); Math.random in the browser. */
  random?: () => number;
}

/** First retry after 2 s, doubling up to one minute, each +-20 % so many devices do not retry in step. */
export const OUTBOX_FIRST_RETRY_MS = 2000;
export const OUTBOX_MAX_RETRY_MS = 60_000;
const JITTER = 0.2;

export function retryDelayMs(tries: number, random: number): number {
  const base = Math.min(OUTBOX_MAX_RETRY_MS, OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, tries - 1));
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

export function recordingUploadUrl(attemptId: string): string {
  return `/api/attempts/${encodeURIComponent(attemptId)}/recording`;
}

/** Worth trying again later: no answer, a server fault, a timeout or too many requests. */
function isTransient(status: number): boolean {
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

function messageOf(text: string, status: number): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON
  }
  return text.trim().slice(0, 200) || `The server answered ${status}.`;
}

type StepResult = { kind: 'ok'; body: string } | { kind: 'transient'; error: string } | { kind: 'signedOut' } | { kind: 'refused'; status: number; message: string };

export class Outbox {
  private readonly entries = new Map<string, OutboxEntry>();
  private readonly memoryOnly = new Set<string>();
  private readonly waitingForSignIn = new Set<string>();
  private readonly sending = new Set<string>();
  private readonly timers = new Map<string, unknown>();
  private readonly finished = new Map<string, OutboxStatus>();
  private readonly listeners = new Map<string, Set<(status: OutboxStatus) => void>>();
  private ownerUserId: number | null = null;
  private readonly random: () => number;

  constructor(private readonly deps: OutboxDependencies) {
    this.random = deps.random ?? Math.random;
  }

  /** Keeps the finished attempt (storage first), then starts sending it. Resolves once stored. */
  async submit(submission: OutboxSubmission): Promise<void> {
    const entry: OutboxEntry = {
      ...submission,
      createdAt: this.deps.now(),
      tries: 0,
      nextTryAt: this.deps.now(),
      attemptSaved: false,
      result: null,
      refused: null,
      lastError: null,
    };
    this.ownerUserId = submission.ownerUserId;
    this.entries.set(entry.id, entry);
    this.finished.delete(entry.id);
    await this.persist(entry);
    this.emit(entry.id);
    void this.send(entry.id);
  }

  /**
   * The signed-in user is known (page load, sign-in): send what that user left unsent, here or in
   * an earlier visit. Entries of other users wait for their owner.
   */
  async resume(ownerUserId: number): Promise<void> {
    this.ownerUserId = ownerUserId;
    let stored: OutboxEntry[] = [];
    try {
      stored = await this.deps.store.all();
    } catch {
      // storage unavailable: only this page's entries exist
    }
    for (const entry of stored) if (!this.entries.has(entry.id)) this.entries.set(entry.id, entry);
    for (const entry of this.entries.values()) {
      if (entry.ownerUserId !== ownerUserId || entry.refused) continue;
      this.waitingForSignIn.delete(entry.id);
      this.emit(entry.id);
      void this.send(entry.id);
    }
  }

  /** The user signed out (or another signed in): stop sending their entries until they return. */
  pause(): void {
    this.ownerUserId = null;
    for (const [id, handle] of this.timers) {
      this.deps.clearTimer(handle);
      this.timers.delete(id);
    }
  }

  /** Try now rather than at the next scheduled time (e.g. the browser came back online). */
  retryNow(id?: string): void {
    for (const entry of this.entries.values()) {
      if (id !== undefined && entry.id !== id) continue;
      if (entry.ownerUserId !== this.ownerUserId) continue;
      if (entry.refused) {
        if (id === undefined) continue;
        entry.refused = null;
      }
      void this.send(entry.id);
    }
  }

  /** Entries still in the outbox (for a "results waiting to be sent" note). */
  pendingIds(): string[] {
    return [...this.entries.values()].filter((entry) => !entry.refused).map((entry) => entry.id);
  }

  status(id: string): OutboxStatus {
    const entry = this.entries.get(id);
    if (!entry) return this.finished.get(id) ?? { state: 'unknown' };
    if (entry.refused) return { state: 'failed', ...entry.refused };
    return {
      state: 'pending',
      attemptSaved: entry.attemptSaved,
      tries: entry.tries,
      nextTryAt: this.sending.has(id) ? null : entry.nextTryAt,
      lastError: entry.lastError,
      waitingForSignIn: this.waitingForSignIn.has(id),
      memoryOnly: this.memoryOnly.has(id),
    };
  }

  /** Calls the listener now and on every change of that entry; returns the unsubscribe function. */
  watch(id: string, listener: (status: OutboxStatus) => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    listener(this.status(id));
    return () => {
      set.delete(listener);
    };
  }

  private emit(id: string): void {
    const status = this.status(id);
    for (const listener of this.listeners.get(id) ?? []) listener(status);
  }

  private async persist(entry: OutboxEntry): Promise<void> {
    try {
      await this.deps.store.put(entry);
      this.memoryOnly.delete(entry.id);
    } catch {
      // Private browsing, full disk or no IndexedDB: keep trying from memory while the page lives.
      this.memoryOnly.add(entry.id);
    }
  }

  private async forget(entry: OutboxEntry, status: OutboxStatus): Promise<void> {
    this.entries.delete(entry.id);
    this.finished.set(entry.id, status);
    try {
      await this.deps.store.delete(entry.id);
    } catch {
      // nothing stored, or storage gone: nothing to remove
    }
    this.emit(entry.id);
  }

  private async request(url: string, method: 'POST' | 'PUT', contentType: string, body: string | Blob): Promise<StepResult> {
    let response: OutboxResponse;
    try {
      response = await this.deps.fetch(url, { method, headers: { 'content-type': contentType, accept: 'application/json' }, body, credentials: 'include' });
    } catch (error) {
      return { kind: 'transient', error: error instanceof Error ? `No answer from the server (${error.message}).` : 'No answer from the server.' };
    }
    let text = '';
    try {
      text = await response.text();
    } catch {
      if (response.ok) return { kind: 'transient', error: 'The server\'s answer was cut off.' };
    }
    if (response.ok) return { kind: 'ok', body: text };
    if (response.status === 401) return { kind: 'signedOut' };
    const message = messageOf(text, response.status);
    if (isTransient(response.status)) return { kind: 'transient', error: `${response.status}: ${message}` };
    return { kind: 'refused', status: response.status, message };
  }

  private async send(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.refused || this.sending.has(id) || entry.ownerUserId !== this.ownerUserId) return;
    const timer = this.timers.get(id);
    if (timer !== undefined) {
      this.deps.clearTimer(timer);
      this.timers.delete(id);
    }
    this.sending.add(id);
    this.emit(id);
    try {
      if (!entry.attemptSaved) {
        const step = await this.request(entry.saveUrl, 'POST', 'application/json', JSON.stringify(entry.body));
        if (step.kind !== 'ok') return await this.handleFailure(entry, step);
        entry.attemptSaved = true;
        entry.result = step.body ? (JSON.parse(step.body) as unknown) : null;
        entry.lastError = null;
        await this.persist(entry);
      }
      let recordingError: string | null = null;
      if (entry.recording) {
        const step = await this.request(recordingUploadUrl(entry.id), 'PUT', entry.recording.mimeType, entry.recording.blob);
        if (step.kind === 'refused') recordingError = step.message;
        else if (step.kind !== 'ok') return await this.handleFailure(entry, step);
      }
      await this.forget(entry, { state: 'saved', result: entry.result, recordingError });
    } finally {
      this.sending.delete(id);
      if (this.entries.has(id)) this.emit(id);
    }
  }

  private async handleFailure(entry: OutboxEntry, step: Exclude<StepResult, { kind: 'ok' }>): Promise<void> {
    if (step.kind === 'signedOut') {
      this.waitingForSignIn.add(entry.id);
      entry.lastError = 'You are signed out: it will be sent when you sign in again on this device.';
      await this.persist(entry);
      return;
    }
    if (step.kind === 'refused') {
      entry.refused = { status: step.status, message: step.message };
      entry.lastError = step.message;
      await this.persist(entry);
      return;
    }
    entry.tries += 1;
    entry.lastError = step.error;
    const delay = retryDelayMs(entry.tries, this.random());
    entry.nextTryAt = this.deps.now() + delay;
    await this.persist(entry);
    this.timers.set(
      entry.id,
      this.deps.setTimer(() => {
        this.timers.delete(entry.id);
        void this.send(entry.id);
      }, delay),
    );
  }
}
