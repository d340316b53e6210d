import { Alert, Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fact, ReviewTrail, Section } from '../../../components/attempt/AttemptParts';
import { RecordingEvidence } from '../../../components/attempt/RecordingEvidence';
import { AnswersSection } from '../../../components/attempt/AnswersSection';
import { ScoresSection } from '../../../components/attempt/ScoresSection';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { KIND_LABELS, type AttemptDetail } from '../../../../shared/api/admin-attempts';
import { formatMobileNumber } from '../../../../shared/phone';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { useAttemptDetail } from './api/attempt-detail';
import { formatAttemptTime, formatDuration } from './format';
import { ReviewForm } from './ReviewForm';

/** Where the back link goes: the list the teacher came from (with its filter and page), else the attempt's tab. */
function useBackLink(detail: AttemptDetail | undefined): { to: string; label: string } {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const label = detail ? `← Back to ${KIND_LABELS[detail.kind].tab}` : '← Back to Admin Dashboard';
  if (typeof from === 'string' && from.startsWith('/admin?')) return { to: from, label };
  return { to: detail ? `/admin?tab=${detail.kind}` : '/admin', label };
}

function Review({ detail }: { detail: AttemptDetail }) {
  const back = useBackLink(detail);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back.to} size="sm" w="fit-content">
        {back.label}
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {KIND_LABELS[detail.kind].attempt}: {detail.student.studentName}
        </Title>
        <Group gap="xs">
          {detail.release ? (
            <Badge variant="light" color="indigo" c="indigo.9" size="lg">
              Released to the student
            </Badge>
          ) : null}
          {detail.releasePending ? (
            <Badge variant="light" color="orange" c="dark.7" size="lg">
              {detail.release ? 'Changes not released' : 'Not released'}
            </Badge>
          ) : null}
          {!detail.release && !detail.reviewedAt ? (
            <Badge variant="light" color="gray" c="gray.8" size="lg">
              Awaiting review
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
          <Fact label="Student">
            {detail.student.studentName}
            {detail.student.status === 'Deactivated' ? ' (deactivated)' : ''}
          </Fact>
          <Fact label="Course">{detail.course}</Fact>
          <Fact label="Mobile">{formatMobileNumber(detail.student.mobileNumber)}</Fact>
          <Fact label="Date">
            <time dateTime={detail.completedAt}>{formatAttemptTime(detail.completedAt)}</time>
          </Fact>
          <Fact label="Duration">{formatDuration(detail.durationMs)}</Fact>
        </SimpleGrid>
        {detail.kind === 'ielts' && detail.demo ? (
          <Text size="sm" c="dimmed" mt="sm">
            Taken in demo mode, without a microphone.
          </Text>
        ) : null}
      </Paper>
      <Section title="Recording">
        <RecordingEvidence detail={detail} />
      </Section>
      <Section title="Scores">
        <ScoresSection detail={detail} />
      </Section>
      <Section title="Questions and answers">
        <AnswersSection detail={detail} />
      </Section>
      <Section title="Teacher review">
        <ReviewForm key={detail.id} detail={detail} />
      </Section>
      <Section title="Review trail">
        <ReviewTrail kind={detail.kind} trail={detail.trail} />
      </Section>
    </Stack>
  );
}

/** /admin/attempts/:id: one attempt for the teacher to listen to, read, and review. Admins only. */
export default function AttemptReviewPage() {
  const { id = '' } = useParams();
  const { data, error, isPending } = useAttemptDetail(id);
  const back = useBackLink(undefined);

  let body: ReactNode;
  if (isPending) {
    body = <FullPageLoader label="Loading the attempt…" />;
  } else if (error) {
    body = (
      <Stack gap="lg">
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          {back.label}
        </Anchor>
        <Title order={1} size="h2">
          Attempt
        </Title>
        <Alert color="red" variant="light" title={isApiError(error, 404) ? 'No such attempt' : 'Could not load the attempt'} role="alert">
          {serverMessageOr(error, error.message)}
        </Alert>
      </Stack>
    );
  } else {
    body = <Review detail={data} />;
  }
  return <Container size="lg">{body}</Container>;
}
