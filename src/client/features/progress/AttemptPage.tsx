import { Alert, Anchor, Blockquote, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AttemptDetail } from '../../../shared/api/admin-attempts';
import { bandText } from '../../../shared/api/admin-attempts-kinds';
import { Fact, Section } from '../../components/attempt/AttemptParts';
import { TeacherBandsTable } from '../../components/attempt/ReviewParts';
import { RecordingEvidence } from '../../components/attempt/RecordingEvidence';
import { useAnalysisReady } from '../../components/attempt/analysis-part';
import { AnswersSection } from '../../components/attempt/AnswersSection';
import { formatAttemptTime, formatDuration } from '../../components/attempt/format';
import { ScoresSection } from '../../components/attempt/ScoresSection';
import { FullPageLoader } from '../../components/FullPageLoader';
import { isApiError, serverMessageOr } from '../../lib/api';
import { useOwnAttempt } from './api';
import { KIND_TITLES } from './ProgressPage';

/** The result: the teacher's released bands with the estimate beside them, or the estimate while there is no review. */
function Result({ detail }: { detail: AttemptDetail }) {
  const release = detail.release;
  const noun = detail.kind === 'ielts' ? 'band' : 'score';
  if (!release) {
    return (
      <Stack gap="xs">
        <Text size="sm">
          Your teacher has not reviewed this attempt yet. Until they do, your result is the automatic estimate:{' '}
          <strong>{detail.overall === null ? 'none (too little speech to assess)' : `overall ${noun} ${bandText(detail.kind, detail.overall)}`}</strong>.
        </Text>
        <Text size="sm" c="dimmed">
          When your teacher releases a review, their {noun}s become your result and you are told by e-mail if the school has your address.
        </Text>
      </Stack>
    );
  }
  const overall = release.scores?.overall;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="baseline" wrap="wrap">
        <Text fz={32} fw={700} lh={1.1} data-testid="teacher-overall">
          {overall === null || overall === undefined ? '—' : bandText(detail.kind, overall)}
        </Text>
        <Text size="sm" fw={700} c="indigo.9">
          Teacher&apos;s overall {noun}: your result
        </Text>
        <Text size="sm" c="dimmed" data-testid="estimate-overall">
          Estimate: {detail.overall === null ? 'none' : bandText(detail.kind, detail.overall)}
        </Text>
      </Group>
      <TeacherBandsTable kind={detail.kind} teacher={release.scores} estimate={detail.scores} />
      {release.comment ? (
        <Blockquote color="teal" p="md" cite={`— ${release.releasedByName ?? 'Your teacher'}`} style={{ overflowWrap: 'anywhere' }}>
          {release.comment}
        </Blockquote>
      ) : null}
      <Text size="xs" c="dimmed">
        Reviewed by {release.releasedByName ?? 'your teacher'}; released on {formatAttemptTime(release.releasedAt)}. The estimate and how it was
        reached are below.
      </Text>
    </Stack>
  );
}

function Page({ detail }: { detail: AttemptDetail }) {
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/progress" size="sm" w="fit-content">
        ← Back to My progress
      </Anchor>
      <Title order={1} size="h2">
        {KIND_TITLES[detail.kind]}, {formatAttemptTime(detail.completedAt)}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Course">{detail.course}</Fact>
          <Fact label="Date">
            <time dateTime={detail.completedAt}>{formatAttemptTime(detail.completedAt)}</time>
          </Fact>
          <Fact label="Duration">{formatDuration(detail.durationMs)}</Fact>
        </SimpleGrid>
      </Paper>
      <Section title={detail.release ? "Your result: your teacher's review" : 'Your result'}>
        <Result detail={detail} />
      </Section>
      <Section title="Recording">
        <RecordingEvidence detail={detail} />
      </Section>
      <Section title="The estimate and how it was reached">
        <ScoresSection detail={detail} reader="student" />
      </Section>
      <Section title="Your answers">
        <AnswersSection detail={detail} />
      </Section>
    </Stack>
  );
}

/** /progress/attempts/:id: one of the student's own attempts. */
export default function AttemptPage() {
  const { id = '' } = useParams();
  const { data, error, isPending } = useOwnAttempt(id);
  // With a finished analysis of its recording, the page shows once that part has loaded too.
  const analysisReady = useAnalysisReady(data);
  let body: ReactNode;
  if (isPending) body = <FullPageLoader label="Loading the attempt…" />;
  else if (error)
    body = (
      <Stack gap="lg">
        <Anchor component={Link} to="/progress" size="sm" w="fit-content">
          ← Back to My progress
        </Anchor>
        <Title order={1} size="h2">
          Attempt
        </Title>
        <Alert color="red" variant="light" title={isApiError(error, 404) ? 'No such attempt' : 'Could not load the attempt'} role="alert">
          {serverMessageOr(error, error.message)}
        </Alert>
      </Stack>
    );
  else if (!analysisReady) body = <FullPageLoader label="Loading the attempt…" />;
  else body = <Page detail={data} />;
  return <Container size="lg">{body}</Container>;
}
