/*
 * The durable outbox for finished tests and interviews (see outbox.ts). Pages import it from lazy
 * routes; the app shell only loads it (dynamic import) once someone is signed in.
 */
export { browserOutbox, OUTBOX_DATABASE, OUTBOX_OBJECT_STORE } from './browser';
export type { OutboxEntry, OutboxKind, OutboxRecording, OutboxStatus, OutboxSubmission } from './entry';
export { Outbox, type OutboxDependencies } from './outbox';
export { mayTryAgain, sendIsSlow, SLOW_SEND_MS } from './retry-offer';
export { OUTBOX_FIRST_RETRY_MS, OUTBOX_MAX_RETRY_MS, retryDelayMs } from './retry-policy';
export { recordingUploadUrl } from './sending';
export type { OutboxStore } from './storage';
export { useOutboxStatus } from './use-outbox-status';
export { useStatusClock } from './use-status-clock';
