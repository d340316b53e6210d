import { Anchor, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { useOwnAttempt } from './own-attempt';
import { evidenceAnnouncement, evidenceStage } from './saved-recording';

/** Said when the evidence's code could not be downloaded (a dropped connection): the results stay. */
function EvidenceNotLoaded({ detail }: { detail: AttemptDetail }) {
  return (
    <Text size="sm">
      The timeline could not be loaded just now.{' '}
      <Anchor component={Link} underline="always" inherit to={`/progress/attempts/${encodeURIComponent(detail.id)}`}>
        Open this attempt in My progress
      </Anchor>{' '}
      to see it.
    </Text>
  );
}

// The timeline, the word-synced transcript and the figures are the attempt pages' own components,
// loaded only when a recording's analysis is there to show: the results' page stays small.
const RecordingEvidence = lazy(() =>
  import('./RecordingEvidence').then(
    (module) => ({ default: module.RecordingEvidence }),
    () => ({ default: EvidenceNotLoaded }),
  ),
);

/**
 * The recording's evidence on the results right after a speaking test or an interview,
 * once the attempt and its recording are saved: while the server analyses it, a plain sentence in a
 * polite live region (the attempt is asked again every 5 s, as on the attempt pages); then the player,
 * the timeline, the word-synced transcript and the figures, or why the analysis failed.
 */
export function SavedRecordingEvidence({ attemptId }: { attemptId: string }) {
  const query = useOwnAttempt(attemptId);
  const stage = evidenceStage(query);
  const headingId = useId();
  if (stage === 'none') return null;
  const waiting = stage === 'loading' || stage === 'pending';
  const announcement = evidenceAnnouncement(stage);
  const attemptPath = `/progress/attempts/${encodeURIComponent(attemptId)}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={headingId} data-testid="results-recording" data-stage={stage}>
      <Stack gap="md">
        {/* The heading and one live region for the whole wait: it exists before the analysis ends, so the change is announced. */}
        <div>
          <Title order={2} size="h3" id={headingId}>
            Your recording
          </Title>
          <div role="status" aria-live="polite" aria-atomic="true" data-testid="recording-status">
            {waiting ? (
              <Group gap="sm" wrap="nowrap" align="center" mt="md">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm" fw={500}>
                  {announcement}
                </Text>
              </Group>
            ) : (
              <VisuallyHidden>{announcement}</VisuallyHidden>
            )}
          </div>
        </div>
        {waiting ? (
          <Text size="sm" c="dimmed">
            The school&apos;s server is measuring your speech and pauses and placing your words on the recording. They appear here when it is done, usually
            within a minute or two; you can stay on this page.
          </Text>
        ) : null}
        {stage === 'error' ? (
          <Text size="sm">
            The analysis of your recording could not be loaded just now.{' '}
            <Anchor component={Link} underline="always" inherit to={attemptPath}>
              Open this attempt in My progress
            </Anchor>{' '}
            to see it later.
          </Text>
        ) : null}
        {query.data && !waiting ? (
          <Suspense
            fallback={
              <Group gap="xs">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">Loading the timeline…</Text>
              </Group>
            }>
            <RecordingEvidence detail={query.data} />
          </Suspense>
        ) : null}
        {stage === 'done' && query.data?.kind === 'ielts' && query.data.assessable ? (
          <Text size="sm" c="dimmed">
            The recording&apos;s speech rate and pauses also measure Fluency:{' '}
            <Anchor component={Link} underline="always" inherit to={attemptPath}>
              this test in My progress
            </Anchor>{' '}
            shows the bands with them.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
