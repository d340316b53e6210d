import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';

/*
 * What the attempt pages need of a recording's analysis before one is shown: the anchors the score
 * cards link to and the polling while it is pending. The timeline, the transcript and the figures
 * (recording-evidence.ts, AnalysisDone.tsx) load only with a finished analysis.
 */

/** Where the words to listen to and the sentence on what the figures cannot tell are, for links from the score cards. */
export const HINTS_ANCHOR_ID = 'listen-to-these-words';
export const LIMITS_ANCHOR_ID = 'what-the-recording-cannot-tell';

/** How often an attempt page asks again while its recording is being analysed. */
export const ANALYSIS_POLL_MS = 5000;

/** TanStack Query's `refetchInterval` for an attempt: every 5 s while the analysis is pending, else never. */
export function analysisRefetchInterval(detail: { recordingAnalysis: Pick<RecordingAnalysis, 'status'> | null } | undefined): number | false {
  return detail?.recordingAnalysis?.status === 'pending' ? ANALYSIS_POLL_MS : false;
}
