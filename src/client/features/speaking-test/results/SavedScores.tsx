import { Alert } from '@mantine/core';
import type { SpeakingTestResult } from '../../../../shared/speaking-test/scoring';
import { savedScoresNote, scoreLabelsOf } from '../../../components/attempt/saved-scores';
import { useOutboxStatus } from '../../../lib/outbox';

/** What the server saved, when its bands read differently from these results (saved-scores.ts says when). */
export function SavedScores({ attemptId, result }: { attemptId: string | null; result: SpeakingTestResult }) {
  const status = useOutboxStatus(attemptId);
  const note = savedScoresNote('ielts', status, result.assessable ? { ...result.bands } : null, scoreLabelsOf('ielts'));
  return note === null ? null : (
    <Alert color="blue" variant="light" title="Saved bands" role="note" data-testid="saved-scores">
      {note}
    </Alert>
  );
}
