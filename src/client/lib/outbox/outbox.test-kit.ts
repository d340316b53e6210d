/* What the outbox's tests share: storage in memory, a clock moved by hand, a finished test to send, a page's outbox. */
import type { OutboxEntry, OutboxSubmission } from './entry';
import { Outbox, type EarlierSave, type OutboxDependencies } from './outbox';
import type { OutboxFetch } from './sending';
import type { OutboxStore } from './storage';

export class MemoryStore implements OutboxStore {
  readonly rows = new Map<string, OutboxEntry>();
  failWrites = false;
  async get(id: string) {
    return structuredClone(this.rows.get(id));
  }
  async put(entry: OutboxEntry) {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.rows.set(entry.id, structuredClone(entry));
  }
  async delete(id: string) {
    this.rows.delete(id);
  }
  async all() {
    return [...this.rows.values()].map((row) => structuredClone(row));
  }
}

export function manualTimers() {
  let now = 1_000_000;
  let next = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimer: (callback: () => void, delayMs: number) => {
      const handle = next++;
      pending.set(handle, { at: now + delayMs, callback });
      return handle;
    },
    clearTimer: (handle: unknown) => {
      pending.delete(handle as number);
    },
    delays: () => [...pending.values()].map((timer) => timer.at - now),
    /** Moves the clock to the next timer and runs it. */
    async fireNext() {
      const [handle, timer] = [...pending.entries()].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (handle === undefined || !timer) throw new Error('no timer pending');
      pending.delete(handle);
      now = timer.at;
      timer.callback();
      await settle();
    },
  };
}

/**
 * A page's outbox on `store` and `fetch`, with its own clock moved by hand; `told` gathers the earlier
 * tests it says are now saved. `page`: the tabs' lock and the browser's sign-in mark, where a test needs them.
 */
export function pageOutbox(store: MemoryStore, fetch: OutboxFetch, page: Pick<OutboxDependencies, 'exclusive' | 'signIns'> = {}) {
  const timers = manualTimers();
  const outbox = new Outbox({ store, fetch, now: timers.now, setTimer: timers.setTimer, clearTimer: timers.clearTimer, random: () => 0.5, ...page });
  const told: EarlierSave[] = [];
  outbox.onEarlierSaved((saved) => told.push(saved));
  return { outbox, timers, told };
}

export async function settle() {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

export const submission = (overrides: Partial<OutboxSubmission> = {}): OutboxSubmission => ({
  id: '6f1c1a52-5d1e-4c54-9a53-2f3b2f0f8c11',
  kind: 'test',
  ownerUserId: 7,
  saveUrl: '/api/test-sessions',
  body: { attemptId: '6f1c1a52-5d1e-4c54-9a53-2f3b2f0f8c11', studentId: 3 },
  recording: { blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }), mimeType: 'audio/webm;codecs=opus' },
  ...overrides,
});

/**
 * A server whose first `hang` requests of each method hang (no answer, no reset) until the outbox
 * stops them, and which answers the later ones at once; each request is noted as its method and the
 * attempt id in its body or URL, each stopped one by its method.
 */
export function hangingServer(hang: { POST?: number; PUT?: number }) {
  const sent: string[] = [];
  const aborted: string[] = [];
  const left = { POST: hang.POST ?? 0, PUT: hang.PUT ?? 0 };
  const fetch: OutboxFetch = (url, init) => {
    const attemptId = init.method === 'POST' ? (JSON.parse(init.body as string) as { attemptId: string }).attemptId : url.split('/')[3];
    sent.push(`${init.method} ${attemptId ?? ''}`);
    if (left[init.method] > 0) {
      left[init.method] -= 1;
      return new Promise((_resolve, reject) =>
        init.signal.addEventListener('abort', () => {
          aborted.push(init.method);
          reject(init.signal.reason);
        }),
      );
    }
    return Promise.resolve({ ok: true, status: 200, text: async () => (init.method === 'POST' ? '{"attemptId":"a"}' : '{}') });
  };
  return { sent, aborted, fetch };
}
