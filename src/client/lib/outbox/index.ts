/*
 * The durable outbox for finished tests and interviews (see outbox.ts). Pages import it from lazy
 * routes; the app shell only loads it (dynamic import) once someone is signed in.
 */
export { browserOutbox, OUTBOX_DATABASE, OUTBOX_OBJECT_STORE } from './browser';
export {
  Outbox,
  OUTBOX_FIRST_RETRY_MS,
  OUTBOX_MAX_RETRY_MS,
  recordingUploadUrl,
  retryDelayMs,
  type OutboxDependencies,
  type OutboxEntry,
  type OutboxKind,
  type OutboxRecording,
  type OutboxStatus,
  type OutboxStore,
  type OutboxSubmission,
} from './outbox';
export { useOutboxStatus } from './use-outbox-status';
