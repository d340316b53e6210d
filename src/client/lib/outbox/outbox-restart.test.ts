import { describe, expect, it } from 'vitest';
import { hangingServer, MemoryStore, pageOutbox, settle, submission } from './outbox.test-kit';

/*
 * A send that hangs (a request made before the connection dropped, never answered nor reset) is
 * stopped and sent again at once when the student presses Try again or the browser comes back
 * online, rather than after the outbox's own limit (3 minutes for the attempt, up to 31 for a
 * recording); still saved exactly once, the entry kept until the server confirms it.
 */
describe('outbox: sending again at once', () => {
  it("Try again while the recording's upload hangs stops that upload and sends it again at once, not after half an hour", async () => {
    const store = new MemoryStore();
    const server = hangingServer({ PUT: 1 });
    const { outbox, timers } = pageOutbox(store, server.fetch);
    const id = submission().id;
    await outbox.submit(submission({ recording: { blob: new Blob([new Uint8Array(3_600_000)]), mimeType: 'audio/webm;codecs=opus' } }));
    await settle();
    // The upload hangs: the only timer is the 31 minutes the outbox would wait for it.
    expect(timers.delays()).toEqual([31 * 60_000]);
    expect(outbox.status(id)).toMatchObject({ state: 'pending', attemptSaved: true, nextTryAt: null, sendingSince: timers.now() });
    // A nudge (the page shown again) leaves a running send alone.
    outbox.retryNow();
    await settle();
    expect(server.sent).toEqual([`POST ${id}`, `PUT ${id}`]);
    expect(server.aborted).toEqual([]);

    outbox.retryNow(id, { restart: true });
    await settle();
    expect(server.aborted).toEqual(['PUT']);
    // Sent again at once, the attempt not posted again (the server has it), and saved.
    expect(server.sent).toEqual([`POST ${id}`, `PUT ${id}`, `PUT ${id}`]);
    expect(outbox.status(id)).toMatchObject({ state: 'saved', recordingError: null });
    expect(store.rows.size).toBe(0);
    // No half-hour wait nor backoff left behind.
    expect(timers.delays()).toEqual([]);
  });

  it('going back online stops a hung post and posts it again under the same attempt id; the entry stays stored until confirmed', async () => {
    const store = new MemoryStore();
    const server = hangingServer({ POST: 2 });
    const { outbox, timers } = pageOutbox(store, server.fetch);
    const id = submission().id;
    await outbox.submit(submission());
    await settle();
    expect(timers.delays()).toEqual([3 * 60_000]);
    // Back online (browser.ts: every entry of the signed-in user) while the post hangs; it hangs again.
    outbox.retryNow(undefined, { restart: true });
    await settle();
    expect(server.aborted).toEqual(['POST']);
    expect(server.sent).toEqual([`POST ${id}`, `POST ${id}`]);
    expect(outbox.status(id)).toMatchObject({ state: 'pending', attemptSaved: false, tries: 0, nextTryAt: null });
    expect(store.rows.get(id)?.attemptSaved).toBe(false);
    expect(timers.delays()).toEqual([3 * 60_000]);
    // Try again once more: the third post is answered, then the recording goes.
    outbox.retryNow(id, { restart: true });
    await settle();
    expect(server.sent).toEqual([`POST ${id}`, `POST ${id}`, `POST ${id}`, `PUT ${id}`]);
    expect(outbox.status(id).state).toBe('saved');
    expect(store.rows.size).toBe(0);
  });
});
