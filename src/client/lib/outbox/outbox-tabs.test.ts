import { describe, expect, it } from 'vitest';
import type { OutboxDependencies } from './outbox';
import { MemoryStore, pageOutbox, settle, submission } from './outbox.test-kit';
import type { OutboxFetch } from './sending';

/*
 * Two tabs of the app in one browser share its storage: each takes in what the other left there
 * (a test finished in one while the other is open, or left unsent by an earlier visit). They take
 * turns under a lock (the Web Locks API in the browser), so a test is sent once, by one tab, and
 * only that tab tells its student.
 */

/** The Web Locks API's request() as one browser's tabs share it: a task waits for the one before it under the same name. */
function sharedLocks(): NonNullable<OutboxDependencies['exclusive']> {
  const tails = new Map<string, Promise<unknown>>();
  return (name, task) => {
    const before = tails.get(name) ?? Promise.resolve();
    const run = before.then(task, task);
    tails.set(name, run.catch(() => undefined));
    return run;
  };
}

/** The server both tabs reach: every request noted; a POST answered when the test lets it go, or at once. */
function server() {
  const sent: string[] = [];
  let hold: Promise<void> | null = null;
  let release = () => {};
  const fetch: OutboxFetch = async (_url, init) => {
    sent.push(init.method);
    if (init.method === 'POST' && hold) await hold;
    return { ok: true, status: 200, text: async () => (init.method === 'POST' ? '{"attemptId":"a"}' : '{}') };
  };
  return {
    sent,
    fetch,
    holdPosts() {
      hold = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe('two tabs of the app', () => {
  it('a test finished in one while the other opens is sent once, and only the tab that finished it says so', async () => {
    const store = new MemoryStore();
    const api = server();
    const locks = sharedLocks();
    const finishing = pageOutbox(store, api.fetch, { exclusive: locks });
    api.holdPosts();
    await finishing.outbox.submit(submission());
    await settle();
    // The other tab opens while the first send is still on its way, and takes in the stored test.
    const other = pageOutbox(store, api.fetch, { exclusive: locks });
    await other.outbox.resume(7);
    await settle();
    expect(api.sent).toEqual(['POST']);
    api.release();
    await settle();
    expect(finishing.outbox.status(submission().id).state).toBe('saved');
    expect(other.outbox.status(submission().id).state).toBe('saved');
    expect(api.sent).toEqual(['POST', 'PUT']);
    expect(other.told).toEqual([]);
    expect(store.rows.size).toBe(0);
  });

  it('a tab that had sent the attempt before the connection dropped leaves only the recording for the other', async () => {
    const store = new MemoryStore();
    const sent: string[] = [];
    let putsRefusedByNetwork = 1;
    const flaky: OutboxFetch = async (_url, init) => {
      sent.push(init.method);
      if (init.method === 'PUT' && putsRefusedByNetwork-- > 0) throw new TypeError('Failed to fetch');
      return { ok: true, status: 200, text: async () => (init.method === 'POST' ? '{"attemptId":"a"}' : '{}') };
    };
    const locks = sharedLocks();
    const first = pageOutbox(store, flaky, { exclusive: locks });
    await first.outbox.submit(submission());
    await settle();
    expect(first.outbox.status(submission().id)).toMatchObject({ state: 'pending', attemptSaved: true, tries: 1 });
    // A second tab, opened meanwhile, sends what is left: the recording only, and says it is saved.
    const second = pageOutbox(store, flaky, { exclusive: locks });
    await second.outbox.resume(7);
    await settle();
    expect(sent).toEqual(['POST', 'PUT', 'PUT']);
    expect(second.told).toHaveLength(1);
    // The first tab's own retry then finds it saved: nothing more is sent.
    await first.timers.fireNext();
    expect(first.outbox.status(submission().id).state).toBe('saved');
    expect(sent).toEqual(['POST', 'PUT', 'PUT']);
    expect(first.told).toEqual([]);
  });
});
