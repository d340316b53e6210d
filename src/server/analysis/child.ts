import { analyseRecording, type MeasureOutcome, type RecordingAnalysisRequest } from './measure.js';

/**
 * The analysis process (process.ts starts one per recording): it is sent the request, reads the
 * recording's bytes on its standard input, decodes and measures them, answers, and exits. Being a
 * process of its own, with ffmpeg and pocketsphinx in its process group, the server can stop all of
 * it at once while it answers requests (foreground.ts), and its memory is given back when it ends.
 */
export interface ChildRequest extends RecordingAnalysisRequest {
  ffmpeg: string;
}

export type ChildAnswer = { outcome: MeasureOutcome } | { error: string };

/** What the process says: that it has started, then its answer. */
export type ChildMessage = { started: true } | ChildAnswer;

const answer = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) resolve();
    else process.send(message, () => resolve());
  });

// The server gone (its channel closed): nothing is waiting for the result.
process.once('disconnect', () => process.exit(0));
// Running here means past `setpriv`, whose parent-death signal is now set: from now on the server may
// stop this process (foreground.ts) and still, if it is killed, take it along (process.ts).
void answer({ started: true });
process.once('message', (request: ChildRequest) => {
  analyseRecording(process.stdin, request.ffmpeg, request)
    .then(
      (outcome) => answer({ outcome }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => process.exit(0));
});
