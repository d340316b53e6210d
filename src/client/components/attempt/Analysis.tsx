import { Group, Loader, Text } from '@mantine/core';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { PlainAlert } from '../PlainAlert';
import { analysisDone } from './analysis-part';
import type { FigureAudience } from './recording-figures';

/** The analysis of the recording in whatever state it is; `audience` words the figures for the student (default) or their teacher. */
export function Analysis({
  analysis,
  audio,
  detail,
  audience = 'student',
}: {
  analysis: RecordingAnalysis;
  audio: HTMLAudioElement | null;
  detail: AttemptDetail;
  audience?: FigureAudience;
}) {
  if (analysis.status === 'pending') {
    return (
      <PlainAlert color="indigo" role="status" data-testid="analysis-pending">
        <Group gap="sm" wrap="nowrap">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">The recording is being analysed; figures appear here when it is done.</Text>
        </Group>
      </PlainAlert>
    );
  }
  if (analysis.status === 'failed') {
    return (
      <PlainAlert color="red" role="note" data-testid="analysis-failed">
        <Text size="sm">Analysis failed: {analysis.reason ?? 'no reason was given.'}</Text>
        <Text size="sm" mt={4}>
          The transcript and the scores do not depend on it: they stay as they are.
        </Text>
      </PlainAlert>
    );
  }
  if (analysis.status === 'unavailable') {
    return (
      <PlainAlert color="gray" role="note" data-testid="analysis-unavailable">
        <Text size="sm">The recording was not analysed: {analysis.reason ?? 'this server cannot analyse recordings.'}</Text>
      </PlainAlert>
    );
  }
  return <analysisDone.Part analysis={analysis} audio={audio} detail={detail} audience={audience} />;
}
