import { RECORDING_MAX_BYTES } from '../../../shared/api/attempts-limits';
import { ANSWER_GRACE_MS, BODY_TIME_LIMITS, streamedBodyDeadlineMs } from '../../../shared/api/body-time-limits';
import type { OutboxEntry, OutboxKind, OutboxStatus, OutboxSubmission } from './entry';
import { retryDelayMs } from './retry-policy';
import { recordingUploadUrl, sendStep, type OutboxFetch, type StepResult } from './sending';
import { KeptEntries, type OutboxStore } from './storage';

/*
 * The durable outbox: a finished test or interview is written to the browser's storage (IndexedDB)
 * before the first request, then sent until the server confirms it, with backoff, also after a
 * reload or a later visit. Nothing here knows about React or IndexedDB directly: the store,
 * transport and clock are injected, so the rules are unit-tested with plain objects.
 *
 * Sending is two steps: the attempt (JSON, idempotent on its client-made attemptId), then the
 * recording (raw audio bytes, PUT to the attempt). An entry leaves the store only when both are
 * confirmed, or when the server refuses the recording for good (the attempt itself is safe then).
 * Storage is in storage.ts, one request and its answer in sending.ts, the backoff in retry-policy.ts.
 */

export interface OutboxDependencies {
  store: OutboxStore;
  fetch: OutboxFetch;
  now: () => number;
  setTimer: (callback: () => void, delayMs: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Jitter source in [0, 1); Math.random in the browser. */
  random?: () => number;
  /**
   * Runs `task` while no other page of this browser runs one under the same name (the Web Locks API
   * in the browser), so that two tabs never send one entry at once. Absent, the task runs at once.
   */
  exclusive?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  /**
   * The browser's sign-in mark, which changes whenever this browser signs someone in or out, now and
   * as this page knows it (lib/auth/sign-in-change.ts). Once the mark differs from the page's when
   * the owner was taken (submit, resume), the owner may be gone and another person's cookie in their
   * place: nothing more is sent until the owner is known again. Absent, the server's 401 alone says so.
   */
  signIns?: { now: () => string | null; page: () => string | null };
}

/** An entry left unsent by an earlier visit or page, now saved: what the student is told of it. */
export interface EarlierSave {
  id: string;
  kind: OutboxKind;
  /** When it was finished and kept (ms since epoch). */
  finishedAt: number;
}

/** The abort reason of a request stopped by retryNow({ restart: true }). */
class RestartRequest extends Error {
  constructor() {
    super('Stopped to be sent again at once.');
  }
}

export class Outbox {
  private readonly entries: KeptEntries;
  private readonly waitingForSignIn = new Set<string>();
  /** When each running send started, and how to stop the request it is waiting on. */
  private readonly running = new Map<string, { since: number; controller: AbortController | null }>();
  private readonly timers = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<(status: OutboxStatus) => void>>();
  /** Entries an earlier visit or page left unsent, taken in by resume(): their student is told when they are saved. */
  private readonly fromEarlier = new Set<string>();
  private readonly earlierSavedListeners = new Set<(saved: EarlierSave) => void>();
  private ownerUserId: number | null = null;
  /** The page's sign-in mark when the owner was taken (signIns). */
  private ownerMark: string | null = null;
  private readonly random: () => number;

  constructor(private readonly deps: OutboxDependencies) {
    this.random = deps.random ?? Math.random;
    this.entries = new KeptEntries(deps.store);
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
    this.takeOwner(submission.ownerUserId);
    await this.entries.add(entry);
    this.emit(entry.id);
    void this.send(entry.id);
  }

  /**
   * The signed-in user is known (page load, sign-in): send what that user left unsent, here or in
   * an earlier visit. Entries of other users wait for their owner.
   */
  async resume(ownerUserId: number): Promise<void> {
    this.takeOwner(ownerUserId);
    for (const id of await this.entries.loadStored()) this.fromEarlier.add(id);
    for (const entry of this.entries.values()) {
      if (entry.ownerUserId !== ownerUserId || entry.refused) continue;
      this.waitingForSignIn.delete(entry.id);
      this.emit(entry.id);
      void this.send(entry.id);
    }
  }

  private takeOwner(ownerUserId: number): void {
    this.ownerUserId = ownerUserId;
    this.ownerMark = this.deps.signIns?.page() ?? null;
  }

  /** The user signed out (or another signed in): stop sending their entries until they return. */
  pause(): void {
    this.ownerUserId = null;
    for (const [id, handle] of this.timers) {
      this.deps.clearTimer(handle);
      this.timers.delete(id);
    }
  }

  /**
   * Try now rather than at the next scheduled time. With `restart` (the student's Try again, the
   * browser back online) a send still waiting on a request is stopped and sent again at once: a
   * request made before the connection dropped may never be answered, and would otherwise hold the
   * entry for as long as the server may take its body (up to half an hour for a long recording).
   * Saving stays exactly-once: the attempt is posted under its own id, which the server stores once
   * (a second post answers with what was stored), and the recording is put on that attempt, a later
   * upload replacing an earlier one. The entry stays stored until the server confirms both.
   * Without `restart` (the page shown again) a running send is left to finish.
   */
  retryNow(id?: string, { restart = false }: { restart?: boolean } = {}): void {
    for (const entry of this.entries.values()) {
      if (id !== undefined && entry.id !== id) continue;
      if (entry.ownerUserId !== this.ownerUserId) continue;
      if (entry.refused) {
        if (id === undefined) continue;
        // Stored cleared before sending: the send reads storage for what other pages did (catchUp).
        entry.refused = null;
        void this.entries.persist(entry).then(() => this.send(entry.id));
        continue;
      }
      const running = this.running.get(entry.id);
      if (running) {
        if (restart) running.controller?.abort(new RestartRequest());
        continue;
      }
      void this.send(entry.id);
    }
  }

  /**
   * Calls the listener once for each entry an earlier visit or page left unsent that this page then
   * saved (the page that finished it is gone, so nothing else tells the student); returns the
   * unsubscribe function.
   */
  onEarlierSaved(listener: (saved: EarlierSave) => void): () => void {
    this.earlierSavedListeners.add(listener);
    return () => {
      this.earlierSavedListeners.delete(listener);
    };
  }

  /** Entries still in the outbox (for a "results waiting to be sent" note). */
  pendingIds(): string[] {
    return [...this.entries.values()].filter((entry) => !entry.refused).map((entry) => entry.id);
  }

  status(id: string): OutboxStatus {
    const entry = this.entries.get(id);
    if (!entry) return this.entries.finishedStatus(id) ?? { state: 'unknown' };
    if (entry.refused) return { state: 'failed', ...entry.refused };
    return {
      state: 'pending',
      attemptSaved: entry.attemptSaved,
      tries: entry.tries,
      nextTryAt: this.running.has(id) ? null : entry.nextTryAt,
      sendingSince: this.running.get(id)?.since ?? null,
      lastError: entry.lastError,
      waitingForSignIn: this.waitingForSignIn.has(id),
      memoryOnly: this.entries.isMemoryOnly(id),
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

  private async send(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.refused || this.running.has(id) || entry.ownerUserId !== this.ownerUserId) return;
    const timer = this.timers.get(id);
    if (timer !== undefined) {
      this.deps.clearTimer(timer);
      this.timers.delete(id);
    }
    this.running.set(id, { since: this.deps.now(), controller: null });
    this.emit(id);
    let sendAgain = false;
    try {
      const exclusive = this.deps.exclusive ?? ((_name, task) => task());
      sendAgain = await exclusive(`parley-outbox-${id}`, () => this.sendHeld(entry));
    } finally {
      this.running.delete(id);
      if (this.entries.has(id)) this.emit(id);
      if (sendAgain) void this.send(id);
    }
  }

  /**
   * The two steps, while this page alone sends the entry; true when a restart asks for a fresh send.
   * Another tab may have sent it meanwhile (it too took in what storage held): once it is saved
   * there, this page lets it go without a word, since that page told the student.
   */
  private async sendHeld(entry: OutboxEntry): Promise<boolean> {
    const id = entry.id;
    const elsewhere = await this.entries.catchUp(entry);
    if (elsewhere === 'saved') {
      this.fromEarlier.delete(id);
      this.emit(id);
      return false;
    }
    if (elsewhere === 'refused') return false;
    if (!entry.attemptSaved) {
      const step = await this.sendTimed(id, entry.saveUrl, 'POST', 'application/json', JSON.stringify(entry.body), BODY_TIME_LIMITS.bodyMs);
      if (step === 'restart') return true;
      if (step.kind !== 'ok') return this.handleFailure(entry, step);
      entry.attemptSaved = true;
      entry.result = step.body ? (JSON.parse(step.body) as unknown) : null;
      entry.lastError = null;
      await this.entries.persist(entry);
    }
    let recordingError: string | null = null;
    if (entry.recording) {
      const { blob, mimeType } = entry.recording;
      const step = await this.sendTimed(id, recordingUploadUrl(entry.id), 'PUT', mimeType, blob, streamedBodyDeadlineMs(blob.size, RECORDING_MAX_BYTES));
      if (step === 'restart') return true;
      if (step.kind === 'refused') recordingError = step.message;
      else if (step.kind !== 'ok') return this.handleFailure(entry, step);
    }
    await this.entries.forget(entry, { state: 'saved', result: entry.result, recordingError });
    this.emit(entry.id);
    if (this.fromEarlier.delete(entry.id)) for (const listener of this.earlierSavedListeners) listener({ id: entry.id, kind: entry.kind, finishedAt: entry.createdAt });
    return false;
  }

  /**
   * One request, given up a minute (ANSWER_GRACE_MS) after the server itself stops waiting for its
   * body (`serverLimitMs`, shared/api/body-time-limits.ts): never while the server may still take an
   * upload on a slow link, and not never either, since a connection that died without a reset (a
   * phone moving between networks) would otherwise hold this entry until the page is reloaded.
   * 'restart': retryNow stopped it to send again at once, which is no failure to back off from.
   */
  private async sendTimed(id: string, url: string, method: 'POST' | 'PUT', contentType: string, body: string | Blob, serverLimitMs: number): Promise<StepResult | 'restart'> {
    // Signed out, or someone else signed in, since the owner was taken: the request would go with
    // no cookie (401) or with the next person's (refused: a 403 or 404 that marks the entry refused).
    if (this.deps.signIns && this.deps.signIns.now() !== this.ownerMark) {
      this.pause();
      return { kind: 'signedOut' };
    }
    const waitMs = serverLimitMs + ANSWER_GRACE_MS;
    const controller = new AbortController();
    const running = this.running.get(id);
    if (running) running.controller = controller;
    const timer = this.deps.setTimer(() => controller.abort(new Error(`No answer from the server within ${Math.ceil(waitMs / 60_000)} minutes.`)), waitMs);
    try {
      const step = await sendStep(this.deps.fetch, url, method, contentType, body, controller.signal);
      return step.kind !== 'ok' && controller.signal.reason instanceof RestartRequest ? 'restart' : step;
    } finally {
      this.deps.clearTimer(timer);
      if (running) running.controller = null;
    }
  }

  private async handleFailure(entry: OutboxEntry, step: Exclude<StepResult, { kind: 'ok' }>): Promise<false> {
    if (step.kind === 'signedOut') {
      this.waitingForSignIn.add(entry.id);
      entry.lastError = 'You are signed out: it will be sent when you sign in again on this device.';
      await this.entries.persist(entry);
      return false;
    }
    if (step.kind === 'refused') {
      entry.refused = { status: step.status, message: step.message };
      entry.lastError = step.message;
      await this.entries.persist(entry);
      return false;
    }
    entry.tries += 1;
    entry.lastError = step.error;
    const delay = retryDelayMs(entry.tries, this.random());
    entry.nextTryAt = this.deps.now() + delay;
    await this.entries.persist(entry);
    this.timers.set(
      entry.id,
      this.deps.setTimer(() => {
        this.timers.delete(entry.id);
        void this.send(entry.id);
      }, delay),
    );
    return false;
  }
}
