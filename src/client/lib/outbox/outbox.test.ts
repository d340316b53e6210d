import { describe, expect, it } from 'vitest';
import type { OutboxStatus } from './entry';
import { MemoryStore, pageOutbox, settle, submission } from './outbox.test-kit';
import { OUTBOX_MAX_RETRY_MS, retryDelayMs } from './retry-policy';
import type { OutboxFetch } from './sending';

interface Call {
  url: string;
  method: string;
  contentType: string | undefined;
  body: string | Blob;
  storedBeforeSend: boolean;
}

type Reply = { status: number; body?: string } | 'network-error';

/** A scripted server: each call takes the next reply for its method (default: 200 with '{}'). */
function scriptedServer(store: MemoryStore, replies: { POST?: Reply[]; PUT?: Reply[] } = {}) {
  const calls: Call[] = [];
  const queues = { POST: [...(replies.POST ?? [])], PUT: [...(replies.PUT ?? [])] };
  const fetch: OutboxFetch = async (url, init) => {
    calls.push({ url, method: init.method, contentType: init.headers['content-type'], body: init.body, storedBeforeSend: store.rows.size > 0 });
    const reply = queues[init.method].shift() ?? { status: 200, body: init.method === 'POST' ? '{"attemptId":"a"}' : '{}' };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, text: async () => reply.body ?? '' };
  };
  return { calls, fetch };
}

function setup(replies: { POST?: Reply[]; PUT?: Reply[] } = {}, store = new MemoryStore()) {
  const server = scriptedServer(store, replies);
  const { outbox, timers } = pageOutbox(store, server.fetch);
  const seen: OutboxStatus[] = [];
  return { store, server, timers, outbox, seen };
}

describe('outbox', () => {
  it('stores the attempt before the first request, posts it, uploads the recording and then forgets it', async () => {
    const { store, server, outbox, seen } = setup({ POST: [{ status: 201, body: '{"attemptId":"x","scores":{"overall":6}}' }] });
    outbox.watch(submission().id, (status) => seen.push(status));
    await outbox.submit(submission());
    await settle();
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/test-sessions',
      'PUT /api/attempts/6f1c1a52-5d1e-4c54-9a53-2f3b2f0f8c11/recording',
    ]);
    expect(server.calls[0]?.storedBeforeSend).toBe(true);
    expect(server.calls[0]?.contentType).toBe('application/json');
    expect(JSON.parse(server.calls[0]?.body as string)).toEqual(submission().body);
    expect(server.calls[1]?.contentType).toBe('audio/webm;codecs=opus');
    expect(server.calls[1]?.body).toBeInstanceOf(Blob);
    expect(store.rows.size).toBe(0);
    expect(outbox.status(submission().id)).toEqual({ state: 'saved', result: { attemptId: 'x', scores: { overall: 6 } }, recordingError: null });
    expect(seen[0]).toEqual({ state: 'unknown' });
    expect(seen.some((status) => status.state === 'pending')).toBe(true);
    expect(seen.at(-1)?.state).toBe('saved');
  });

  it('retries server faults with backoff (2 s, then 4 s, then 8 s) and sends the attempt exactly once more each time', async () => {
    const nginx502 = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>';
    const { store, server, timers, outbox } = setup({ POST: [{ status: 503, body: '{"message":"Database unavailable"}' }, 'network-error', { status: 502, body: nginx502 }] });
    await outbox.submit(submission({ recording: null }));
    await settle();
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', tries: 1, attemptSaved: false, lastError: '503: Database unavailable' });
    expect(timers.delays()).toEqual([2000]);
    expect(store.rows.get(submission().id)?.tries).toBe(1);
    await timers.fireNext();
    // Not the browser's own words ("Failed to fetch"), nor a proxy's HTML page: sentences a student can read.
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', tries: 2, lastError: 'No answer from the server: the device may be offline.' });
    expect(timers.delays()).toEqual([4000]);
    await timers.fireNext();
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', tries: 3, lastError: 'The server could not be reached (502): it may be restarting.' });
    expect(timers.delays()).toEqual([8000]);
    await timers.fireNext();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(4);
    expect(outbox.status(submission().id).state).toBe('saved');
    expect(store.rows.size).toBe(0);
  });

  it('once the attempt is confirmed, a failed recording upload retries only the upload', async () => {
    const { server, timers, outbox } = setup({ PUT: [{ status: 500 }] });
    await outbox.submit(submission());
    await settle();
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', attemptSaved: true, tries: 1 });
    await timers.fireNext();
    expect(server.calls.map((call) => call.method)).toEqual(['POST', 'PUT', 'PUT']);
    expect(outbox.status(submission().id).state).toBe('saved');
  });

  it('keeps an attempt the server refuses for good, does not retry it by itself, and retries when asked', async () => {
    const { store, server, timers, outbox } = setup({ POST: [{ status: 403, body: '{"message":"This test belongs to another student."}' }] });
    await outbox.submit(submission());
    await settle();
    expect(outbox.status(submission().id)).toEqual({ state: 'failed', status: 403, message: 'This test belongs to another student.' });
    expect(timers.delays()).toEqual([]);
    expect(store.rows.get(submission().id)?.refused).toEqual({ status: 403, message: 'This test belongs to another student.' });
    outbox.retryNow();
    await settle();
    expect(server.calls).toHaveLength(1);
    outbox.retryNow(submission().id);
    await settle();
    expect(server.calls.map((call) => call.method)).toEqual(['POST', 'POST', 'PUT']);
    expect(outbox.status(submission().id).state).toBe('saved');
  });

  it('a refused recording does not hold back the saved attempt', async () => {
    const { store, outbox } = setup({ PUT: [{ status: 415, body: '{"message":"A recording must be audio."}' }] });
    await outbox.submit(submission());
    await settle();
    expect(outbox.status(submission().id)).toMatchObject({ state: 'saved', recordingError: 'A recording must be audio.' });
    expect(store.rows.size).toBe(0);
  });

  it('takes a 409 on the recording (the teacher has reviewed it) as final: not retried, the attempt saved', async () => {
    const message = "Your teacher has already reviewed this test's recording, so it can no longer be replaced. The recording your teacher heard is kept.";
    const { store, server, timers, outbox } = setup({ PUT: [{ status: 409, body: JSON.stringify({ message }) }] });
    await outbox.submit(submission());
    await settle();
    expect(outbox.status(submission().id)).toMatchObject({ state: 'saved', recordingError: message });
    expect(timers.delays()).toEqual([]);
    expect(store.rows.size).toBe(0);
    expect(server.calls.map((call) => call.method)).toEqual(['POST', 'PUT']);
  });

  it('waits for the same user to sign in again after a 401', async () => {
    const { server, timers, outbox } = setup({ POST: [{ status: 401, body: '{"message":"Not signed in"}' }] });
    await outbox.submit(submission());
    await settle();
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', waitingForSignIn: true });
    expect(timers.delays()).toEqual([]);
    await outbox.resume(99);
    await settle();
    expect(server.calls).toHaveLength(1);
    await outbox.resume(7);
    await settle();
    expect(server.calls.map((call) => call.method)).toEqual(['POST', 'POST', 'PUT']);
    expect(outbox.status(submission().id).state).toBe('saved');
  });

  it('a later visit (a new page, the same storage) sends what the last one left, for its owner only', async () => {
    const store = new MemoryStore();
    const first = setup({ POST: ['network-error', 'network-error'] }, store);
    await first.outbox.submit(submission());
    await first.outbox.submit(submission({ id: 'other-user-attempt', ownerUserId: 8, recording: null }));
    await settle();
    expect(store.rows.size).toBe(2);

    const later = setup({}, store);
    await later.outbox.resume(7);
    await settle();
    expect(later.server.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/test-sessions',
      'PUT /api/attempts/6f1c1a52-5d1e-4c54-9a53-2f3b2f0f8c11/recording',
    ]);
    expect(later.outbox.status(submission().id).state).toBe('saved');
    expect([...store.rows.keys()]).toEqual(['other-user-attempt']);
    expect(later.outbox.pendingIds()).toEqual(['other-user-attempt']);
  });

  it('still sends from memory when the browser will not store anything, and says so', async () => {
    const store = new MemoryStore();
    store.failWrites = true;
    const { outbox, server } = setup({ POST: [{ status: 503 }] }, store);
    await outbox.submit(submission());
    await settle();
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', memoryOnly: true });
    expect(server.calls).toHaveLength(1);
  });

  it('gives up on a request with no answer a minute after the server would have stopped waiting for its body, and sends it again', async () => {
    const store = new MemoryStore();
    const methods: string[] = [];
    let hangOnce = true;
    // The recording's first PUT gets no answer at all (a connection that died without a reset).
    const fetch: OutboxFetch = (_url, init) => {
      methods.push(init.method);
      if (init.method === 'PUT' && hangOnce) {
        hangOnce = false;
        return new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
      }
      return Promise.resolve({ ok: true, status: 200, text: async () => (init.method === 'POST' ? '{"attemptId":"a"}' : '{}') });
    };
    const { outbox, timers } = pageOutbox(store, fetch);
    // 3.6 MB: the server waits 30 minutes for it (2,000 bytes a second), the outbox a minute more.
    await outbox.submit(submission({ recording: { blob: new Blob([new Uint8Array(3_600_000)]), mimeType: 'audio/webm;codecs=opus' } }));
    await settle();
    expect(timers.delays()).toEqual([31 * 60_000]);
    await timers.fireNext();
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', attemptSaved: true, tries: 1, lastError: 'No answer from the server within 31 minutes.' });
    expect(timers.delays()).toEqual([2000]);
    await timers.fireNext();
    expect(methods).toEqual(['POST', 'PUT', 'PUT']);
    expect(outbox.status(submission().id).state).toBe('saved');
  });

  it('does not send twice at once when nudged while a send is running', async () => {
    const { server, outbox } = setup();
    await outbox.submit(submission());
    outbox.retryNow();
    outbox.retryNow(submission().id);
    await settle();
    expect(server.calls.map((call) => call.method)).toEqual(['POST', 'PUT']);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 2 s, caps at one minute, and stays within 20 % jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((tries) => retryDelayMs(tries, 0.5))).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(retryDelayMs(1, 0)).toBe(1600);
    expect(retryDelayMs(1, 0.999999)).toBe(2400);
    expect(retryDelayMs(30, 0.999999)).toBeLessThanOrEqual(OUTBOX_MAX_RETRY_MS * 1.2);
  });
});
