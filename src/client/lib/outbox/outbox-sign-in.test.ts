import { describe, expect, it } from 'vitest';
import { MemoryStore, pageOutbox, settle, submission } from './outbox.test-kit';
import type { OutboxFetch } from './sending';

/*
 * A shared computer (decision 0075): the student whose test waits to be sent signs out and the next
 * one signs in. A request the outbox sent then would go with the next person's cookie, and the server
 * refuses another student's test (403) or recording (404) for good. The browser's sign-in mark
 * (lib/auth/sign-in-change.ts) says the owner may be gone: nothing is sent until they are back.
 */

function browser() {
  let mark: string | null = 'signed-in-7';
  /** The mark as the page knows it: its own sign-ins and sign-outs, not another tab's. */
  let known: string | null = mark;
  const calls: string[] = [];
  let failNextPost = false;
  /** The request, and the browser's sign-in mark when it was sent. */
  const fetch: OutboxFetch = async (url, init) => {
    calls.push(`${init.method} ${url} as ${mark}`);
    if (init.method === 'POST' && failNextPost) {
      failNextPost = false;
      throw new TypeError('Failed to fetch');
    }
    return { ok: true, status: 200, text: async () => (init.method === 'POST' ? '{"attemptId":"a"}' : '{}') };
  };
  return {
    calls,
    fetch,
    signIns: { now: () => mark, page: () => known },
    /** A sign-in or sign-out in this page. */
    signIn: (who: string) => (mark = known = who),
    /** One in another tab, which this page did not load again for (it held a test under way). */
    signInElsewhere: (who: string) => (mark = who),
    failNextPost: () => (failNextPost = true),
  };
}

describe('the outbox on a shared computer', () => {
  it('sends nothing of a student who signed out, with the next person signed in, until the student is back', async () => {
    const page = browser();
    const { outbox, timers } = pageOutbox(new MemoryStore(), page.fetch, { signIns: page.signIns });
    page.failNextPost();
    await outbox.submit(submission());
    await settle();
    expect(timers.delays()).toEqual([2000]);
    // The student signs out and the next one signs in before this page has heard of them.
    page.signIn('signed-in-8');
    await timers.fireNext();
    expect(page.calls).toEqual(['POST /api/test-sessions as signed-in-7']);
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', waitingForSignIn: true });
    await outbox.resume(8);
    await settle();
    expect(page.calls).toHaveLength(1);
    // The student signs in again: sent as them.
    page.signIn('signed-in-7-again');
    await outbox.resume(7);
    await settle();
    expect(page.calls.slice(1)).toEqual([
      'POST /api/test-sessions as signed-in-7-again',
      'PUT /api/attempts/6f1c1a52-5d1e-4c54-9a53-2f3b2f0f8c11/recording as signed-in-7-again',
    ]);
    expect(outbox.status(submission().id).state).toBe('saved');
  });

  it('does not upload the recording once the student has signed out after the attempt was saved', async () => {
    const page = browser();
    const fetch: OutboxFetch = async (url, init) => {
      const answer = await page.fetch(url, init);
      // The student signs out while the attempt's answer is on its way.
      if (init.method === 'POST') page.signIn('signed-out');
      return answer;
    };
    const { outbox } = pageOutbox(new MemoryStore(), fetch, { signIns: page.signIns });
    await outbox.submit(submission());
    await settle();
    expect(page.calls).toEqual(['POST /api/test-sessions as signed-in-7']);
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', waitingForSignIn: true });
  });

  it('keeps a test finished in a page that went on while another tab signed someone in, for its owner', async () => {
    const page = browser();
    const { outbox } = pageOutbox(new MemoryStore(), page.fetch, { signIns: page.signIns });
    // The test was under way here when another tab signed the student out and the next one in.
    page.signInElsewhere('signed-in-8');
    await outbox.submit(submission());
    await settle();
    expect(page.calls).toEqual([]);
    expect(outbox.status(submission().id)).toMatchObject({ state: 'pending', waitingForSignIn: true });
  });
});
