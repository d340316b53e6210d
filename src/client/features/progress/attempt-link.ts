import type { ProgressAttempt } from '../../../shared/api/progress';

/** What the link to an attempt on My progress says it opens: the answers, the recording when one can be played, the teacher's feedback once released. */
export function attemptLinkText(attempt: Pick<ProgressAttempt, 'recording' | 'releasedAt'>): string {
  const parts = ['answers', ...(attempt.recording ? ['recording'] : []), ...(attempt.releasedAt ? ["teacher's feedback"] : [])];
  return `Open this attempt: ${parts.join(', ')}`;
}
