import type { OutboxStatus } from '../../lib/outbox';

/*
 * The results right after a speaking test or an interview show the recording's evidence once the
 * attempt and its recording are both on the server. Pure, so the rule is checked without a browser.
 */

/** The attempt id the server confirmed (its answer to the save), else the one the client made. */
function confirmedId(outboxId: string, result: unknown): string {
  if (result && typeof result === 'object' && 'attemptId' in result && typeof result.attemptId === 'string' && result.attemptId !== '') return result.attemptId;
  return outboxId;
}

/**
 * The attempt whose recording's evidence to show: only when a recording was sent (not demo mode, not
 * empty), the attempt is saved and the server took the recording. Null otherwise: nothing is shown.
 */
export function savedRecordingAttemptId(outboxId: string | null, status: OutboxStatus, recordingSent: boolean): string | null {
  if (outboxId === null || !recordingSent || status.state !== 'saved' || status.recordingError !== null) return null;
  return confirmedId(outboxId, status.result);
}

export type EvidenceStage = 'loading' | 'pending' | 'done' | 'failed' | 'unavailable' | 'none' | 'error';

/**
 * The one sentence the results' live region says at each stage (announced politely when it changes).
 */
export function evidenceAnnouncement(stage: EvidenceStage): string {
  switch (stage) {
    case 'loading':
    case 'pending':
      return 'Listening to your recording…';
    case 'done':
      return 'Your recording is analysed: the timeline of your speech and pauses and your words, one by one, are below.';
    case 'failed':
      return 'Your recording could not be analysed. Your results above stay as they are.';
    case 'unavailable':
      return 'Your recording was not analysed. Your results above stay as they are.';
    case 'error':
      return 'The analysis of your recording could not be loaded just now: it is on this attempt’s page in My progress.';
    case 'none':
      return '';
  }
}

/** Where the results stand: the analysis's status once the attempt is loaded. */
export function evidenceStage(query: { isPending: boolean; isError: boolean; data: { audioUrl: string | null; recordingAnalysis: { status: 'pending' | 'done' | 'failed' | 'unavailable' } | null } | undefined }): EvidenceStage {
  const { data } = query;
  // A failed refetch keeps the last answer: show what is known.
  if (data === undefined) return query.isError ? 'error' : 'loading';
  if (data.audioUrl === null) return 'none';
  return data.recordingAnalysis?.status ?? 'none';
}
