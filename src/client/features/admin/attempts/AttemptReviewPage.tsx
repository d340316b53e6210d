import { Alert, Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { KIND_LABELS, type AttemptDetail } from '../../../../shared/api/admin-attempts';
import { formatMobileNumber } from '../../../../shared/phone';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { isApiError, serverMessageOr } from '../../../lib/api';
import { AnswersSection } from './AnswersSection';
import { useAttemptDetail } from './api/attempt-detail';
import { formatAttemptDateAndTime, formatAttemptTime, formatDuration } from './format';
import { ReviewForm } from './ReviewForm';
import { ScoresSection } from './ScoresSection';

/** Where the back link goes: the list the teacher came from (with its filter and page), else the attempt's tab. */
function useBackLink(detail: AttemptDetail | undefined): { to: string; label: string } {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const label = detail ? `← Back to ${KIND_LABELS[detail.kind].tab}` : '← Back to Admin Dashboard';
  if (typeof from === 'string' && from.startsWith('/admin?')) return { to: from, label };
  return { to: detail ? `/admin?tab=${detail.kind}` : '/admin', label };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function Recording({ audioUrl, expiredAt }: { audioUrl: string | null; expiredAt: string | null }) {
  if (!audioUrl) {
    return (
      <Text size="sm" c="dimmed">
        {expiredAt
          ? `The recording has expired: it was deleted on ${formatAttemptDateAndTime(expiredAt).date} under the school's retention period. The answers and scores are kept.`
          : 'No recording was saved.'}
      </Text>
    );
  }
  return (
    <audio controls preload="metadata" src={audioUrl} aria-label="Recording of the attempt" style={{ width: '100%' }}>
      <a href={audioUrl}>Download the recording</a>
    </audio>
  );
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
        {detail.reviewedAt ? (
          <Badge variant="light" color="indigo" c="indigo.9" size="lg">
            Reviewed
          </Badge>
        ) : null}
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
        <Recording audioUrl={detail.audioUrl} expiredAt={detail.recordingExpiredAt} />
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
