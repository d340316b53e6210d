/*
 * The outbox as the browser runs it: IndexedDB (through idb-keyval) for storage, fetch for sending,
 * the real clock, a lock per entry shared by the browser's tabs, a fresh send whenever the browser
 * comes back online, and a nudge when the page is shown again.
 * One outbox per page.
 */
import { createStore, del, get, set, values } from 'idb-keyval';
import { toastSuccess } from '../notify';
import { pageSignInMark, signInMark } from '../auth/sign-in-change';
import { EARLIER_SAVED_EVENT } from '../use-load-again-when-online';
import { EARLIER_SAVE_TITLE, earlierSaveText } from './earlier-save-note';
import type { OutboxEntry } from './entry';
import { Outbox } from './outbox';
import { OUTBOX_DATABASE, OUTBOX_OBJECT_STORE } from './names';
import type { OutboxStore } from './storage';

export { OUTBOX_DATABASE, OUTBOX_OBJECT_STORE } from './names';

function indexedDbStore(): OutboxStore {
  const store = createStore(OUTBOX_DATABASE, OUTBOX_OBJECT_STORE);
  return {
    get: (id) => get<OutboxEntry>(id, store),
    put: (entry) => set(entry.id, entry, store),
    delete: (id) => del(id, store),
    all: () => values<OutboxEntry>(store),
  };
}

let outbox: Outbox | undefined;

export function browserOutbox(): Outbox {
  if (outbox) return outbox;
  const created = new Outbox({
    store: indexedDbStore(),
    fetch: (url, init) => fetch(url, init),
    now: () => Date.now(),
    setTimer: (callback, delayMs) => window.setTimeout(callback, delayMs),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    // Tabs take turns sending an entry (outbox-tabs.test.ts). Web Locks exist in secure contexts
    // only (HTTPS, localhost): elsewhere each tab sends alone, as the server stores an attempt once.
    exclusive: 'locks' in navigator ? async (name, task) => await navigator.locks.request(name, task) : undefined,
    signIns: { now: signInMark, page: pageSignInMark },
  });
  // Back online: a request made before the connection dropped may never be answered, so it is sent again.
  window.addEventListener('online', () => created.retryNow(undefined, { restart: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') created.retryNow();
  });
  outbox = created;
  return created;
}

let noting = false;

/**
 * Sends what the user left unsent (use-resume-outbox.ts), with a toast for each that an earlier
 * visit left and is now saved: one listener a page, however often it resumes.
 */
export function resumeWithNote(userId: number): Promise<void> {
  const created = browserOutbox();
  if (!noting) {
    noting = true;
    created.onEarlierSaved((saved) => {
      toastSuccess(EARLIER_SAVE_TITLE, earlierSaveText(saved));
      window.dispatchEvent(new Event(EARLIER_SAVED_EVENT));
    });
  }
  return created.resume(userId);
}
