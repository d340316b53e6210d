import { describe, expect, it } from 'vitest';
import { earlierSaveText } from './earlier-save-note';
import { MemoryStore, pageOutbox, settle, submission } from './outbox.test-kit';
import type { OutboxFetch } from './sending';

/*
 * A finished test kept on the device (the connection gone) and sent when the app is opened again
 * later: the page that finished it is gone, so the student is told it is now saved, once.
 */

/** A server that answers every request, or none (the device offline). */
function server(online: boolean): OutboxFetch {
  return async (_url, init) => {
    if (!online) throw new TypeError('Failed to fetch');
    return { ok: true, status: 200, text: async () => (init.method === 'POST' ? '{"attemptId":"a"}' : '{}') };
  };
}

const page = (store: MemoryStore, online: boolean) => pageOutbox(store, server(online));

describe('a test saved when the app is opened again', () => {
  it('is told once, with its kind and when it was finished; a test this page finished is not', async () => {
    const store = new MemoryStore();
    const first = page(store, false);
    await first.outbox.submit(submission());
    await settle();
    const finishedAt = store.rows.get(submission().id)?.createdAt;
    expect(finishedAt).toBeTypeOf('number');
    expect(first.told).toEqual([]);

    const later = page(store, true);
    await later.outbox.resume(7);
    await settle();
    expect(later.outbox.status(submission().id).state).toBe('saved');
    expect(later.told).toEqual([{ id: submission().id, kind: 'test', finishedAt }]);
    // Signed in again on the same page, and a test finished on this page: nothing more is told.
    await later.outbox.resume(7);
    await later.outbox.submit(submission({ id: 'finished-here', recording: null }));
    await settle();
    expect(later.outbox.status('finished-here').state).toBe('saved');
    expect(later.told).toHaveLength(1);
    // A third visit finds nothing left to send or tell.
    const third = page(store, true);
    await third.outbox.resume(7);
    await settle();
    expect(third.told).toEqual([]);
  });

  it("says which test, by the school's date and time", () => {
    const finishedAt = Date.parse('2026-11-21T08:35:00Z');
    expect(earlierSaveText({ kind: 'test', finishedAt }, 'Asia/Kolkata')).toBe('Your speaking test from 21 Nov, 14:05 has now been saved.');
    expect(earlierSaveText({ kind: 'interview', finishedAt }, 'Asia/Kolkata')).toBe('Your mock interview from 21 Nov, 14:05 has now been saved.');
  });
});
