/* Where the browser keeps the outbox (IndexedDB): read by browser.ts and, without loading it, by pending.ts. */
export const OUTBOX_DATABASE = 'parley-outbox';
export const OUTBOX_OBJECT_STORE = 'attempts';
