import { savedRecordingAttemptId } from '../../../components/attempt/saved-recording';
import { SavedRecordingEvidence } from '../../../components/attempt/SavedRecordingEvidence';
import { useOutboxStatus } from '../../../lib/outbox';

/** The recording's evidence (timeline, words, figures) once the attempt and its recording are saved; nothing in demo mode or unsaved. */
export function RecordingSection({ attemptId, recordingSent }: { attemptId: string | null; recordingSent: boolean }) {
  const status = useOutboxStatus(attemptId);
  const savedId = savedRecordingAttemptId(attemptId, status, recordingSent);
  return savedId === null ? null : <SavedRecordingEvidence attemptId={savedId} />;
}
