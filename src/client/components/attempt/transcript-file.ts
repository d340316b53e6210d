import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { buildInterviewTranscriptText, interviewTranscriptFileName } from '../../../shared/interview/transcript';
import { savedTranscriptText } from '../../../shared/speaking-test/saved-transcript';
import { transcriptFileName } from '../../../shared/speaking-test/transcript';

/*
 * An earlier attempt's transcript as a file, in the format of the download its results offered:
 * loaded only when Download Transcript is pressed on the attempt's page.
 */
export function attemptTranscriptFile(detail: AttemptDetail, timeZone: string): { blob: Blob; fileName: string } {
  const completedAt = new Date(detail.completedAt);
  const [text, fileName] =
    detail.kind === 'ielts'
      ? [savedTranscriptText(detail, timeZone), transcriptFileName(completedAt, timeZone)]
      : [buildInterviewTranscriptText(detail.answers), interviewTranscriptFileName(completedAt)];
  return { blob: new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName };
}
