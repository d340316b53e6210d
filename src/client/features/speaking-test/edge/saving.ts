/*
 * The end of the test's code (scoring, the save body, the durable outbox: save-attempt.ts) is not
 * part of the page's first visit (decision 0024): it starts loading when the test starts, a quarter
 * of an hour before it is needed, and the end of the test waits for it. If it cannot load (a dropped
 * connection), it tries again every few seconds until it has: a finished test is never given up.
 */
import { retryingImport } from '../../../lib/retrying-import';

export const loadSaving = retryingImport(() => import('./save-attempt'));
