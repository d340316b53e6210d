import { Alert, Anchor, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AttemptKind } from '../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { formatAttemptTime } from '../../components/attempt/format';
import { FullPageLoader } from '../../components/FullPageLoader';
import { usePracticePath } from '../../components/StudentNav';
import { serverMessageOr } from '../../lib/api';
import { useProgress } from './api';
import { attemptLinkText } from './attempt-link';
import { progressSeries } from './chart';
import { ProgressChart } from './ProgressChart';

export const KIND_TITLES: Record<AttemptKind, string> = { ielts: 'IELTS speaking test', interview: 'Mock interview' };
const KIND_SECTIONS: Record<AttemptKind, string> = { ielts: 'Speaking tests', interview: 'Mock interviews' };

function resultText(attempt: ProgressAttempt, key: 'overall' | (typeof CRITERIA_OF)[AttemptKind][number]): string {
  const value = attempt.result[key];
  return value === null || value === undefined ? '—' : bandText(attempt.kind, value);
}

function AttemptCard({ attempt }: { attempt: ProgressAttempt }) {
  const noun = attempt.kind === 'ielts' ? 'band' : 'score';
  return (
    <Paper withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }} data-testid="progress-attempt">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{KIND_TITLES[attempt.kind]}</Text>
            <Text size="sm" c="dimmed">
              <time dateTime={attempt.completedAt}>{formatAttemptTime(attempt.completedAt)}</time>
            </Text>
          </Group>
          {attempt.releasedAt ? (
            <Badge variant="light" color="indigo" c="indigo.9">
              Teacher reviewed
            </Badge>
          ) : (
            <Badge variant="light" color="gray" c="gray.8">
              Estimate only
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Overall {noun}: <strong>{resultText(attempt, 'overall')}</strong>{' '}
          {attempt.resultSource === 'teacher' ? "(your teacher's)" : attempt.resultSource === 'estimate' ? '(estimate)' : '(too little speech to assess)'}
          {attempt.resultSource === 'teacher' && attempt.estimate?.overall != null ? `; estimate ${bandText(attempt.kind, attempt.estimate.overall)}` : ''}
        </Text>
        <Text size="sm" c="dimmed" data-testid="progress-criteria">
          {/* Whose the figures are, as the overall says: a released review's bands are never mixed with the estimate. */}
          {attempt.resultSource === 'teacher' ? `Your teacher's ${noun}s: ` : attempt.resultSource === 'estimate' ? 'Estimate: ' : ''}
          {CRITERIA_OF[attempt.kind].map((criterion) => `${CRITERION_LABELS[criterion]} ${resultText(attempt, criterion)}`).join(' · ')}
        </Text>
        <Anchor component={Link} to={`/progress/attempts/${attempt.id}`} size="sm" w="fit-content">
          {attemptLinkText(attempt)}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function KindCharts({ kind, attempts }: { kind: AttemptKind; attempts: ProgressAttempt[] }) {
  const series = progressSeries(kind, attempts);
  return (
    <Stack gap="sm" component="section" aria-label={`${KIND_SECTIONS[kind]} over time`}>
      <Title order={2} size="h3">
        {KIND_SECTIONS[kind]} over time
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {series.map((s) => (
          <ProgressChart key={s.key} series={s} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /progress: the student's every attempt of both kinds, newest first, with a chart per criterion. */
export default function ProgressPage() {
  const { data, error, isPending } = useProgress();
  const practice = usePracticePath();
  let body: ReactNode;
  if (isPending) body = <FullPageLoader label="Loading your progress…" />;
  else if (error)
    body = (
      <Alert color="red" variant="light" title="Could not load your progress" role="alert">
        {serverMessageOr(error, error.message)}
      </Alert>
    );
  else if (data.attempts.length === 0)
    body = (
      <Stack gap="sm">
        <Text>No attempts yet. Take a speaking test or a mock interview, and your results will appear here.</Text>
        <Button component={Link} to={practice} w="fit-content">
          Start practising
        </Button>
      </Stack>
    );
  else {
    const kinds = (['ielts', 'interview'] as const).filter((kind) => data.attempts.some((attempt) => attempt.kind === kind));
    body = (
      <Stack gap="xl">
        <Text size="sm" c="dimmed">
          Each chart has two lines: the automatic estimate of every attempt (open circles) and, where your teacher has reviewed an attempt,
          your teacher&apos;s band (filled squares, dashed line).
        </Text>
        {kinds.map((kind) => (
          <KindCharts key={kind} kind={kind} attempts={data.attempts} />
        ))}
        <Stack gap="sm" component="section" aria-label="Every attempt">
          <Title order={2} size="h3">
            Every attempt, newest first
          </Title>
          <Stack gap="sm" component="ul" m={0} p={0}>
            {data.attempts.map((attempt) => (
              <AttemptCard key={attempt.id} attempt={attempt} />
            ))}
          </Stack>
        </Stack>
      </Stack>
    );
  }
  return (
    <Container size="lg">
      <Stack gap="lg">
        <Anchor component={Link} to={practice} size="sm" w="fit-content">
          ← Back to my practice
        </Anchor>
        <Title order={1} size="h2">
          My progress
        </Title>
        {body}
      </Stack>
    </Container>
  );
}
