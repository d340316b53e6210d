/*
 * Whether the outbox may hold something to send, read straight from IndexedDB (a count), so that the
 * outbox's code (browser.ts: idb-keyval, sending, backoff) loads on a signed-in page only when there
 * is something to resume. When in doubt (IndexedDB refuses or fails) the answer is yes: the outbox
 * then loads and looks for itself, as it always did.
 */
import { OUTBOX_DATABASE, OUTBOX_OBJECT_STORE } from './names';

export function outboxMayHaveEntries(): Promise<boolean> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(OUTBOX_DATABASE);
    } catch {
      resolve(true);
      return;
    }
    let neverCreated = false;
    // No database yet: nothing was ever kept. It is not created here (idb-keyval creates it, with its
    // store, when the outbox first keeps something), so the upgrade is cancelled.
    request.onupgradeneeded = (event) => {
      if (event.oldVersion !== 0) return;
      neverCreated = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(!neverCreated);
    };
    request.onsuccess = () => {
      const database = request.result;
      const done = (answer: boolean) => {
        database.close();
        resolve(answer);
      };
      try {
        if (!database.objectStoreNames.contains(OUTBOX_OBJECT_STORE)) {
          done(false);
          return;
        }
        const count = database.transaction(OUTBOX_OBJECT_STORE, 'readonly').objectStore(OUTBOX_OBJECT_STORE).count();
        count.onsuccess = () => done(count.result > 0);
        count.onerror = () => done(true);
      } catch {
        done(true);
      }
    };
  });
}
