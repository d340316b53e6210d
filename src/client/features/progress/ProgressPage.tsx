import { Alert, Anchor, Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AttemptKind } from '../../../shared/api/admin-attempts';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { formatAttemptDateAndTime } from '../../components/attempt/format';
import { FullPageLoader } from '../../components/FullPageLoader';
import { usePracticePath } from '../../components/StudentNav';
import { serverMessageOr } from '../../lib/api';
import { EARLIER_SAVED_EVENT, offlineText, useLoadAgainWhenOnline, waitingForConnection } from '../../lib/use-load-again-when-online';
import { useProgress } from './api';
import { AttemptList } from './AttemptList';
import { CHART_ATTEMPTS, earlierRulesNote, notDrawnNote, progressSeries, shortTestsNote } from './chart';
import { ProgressChart } from './ProgressChart';
import { WorkOnNextCard } from './WorkOnNext';

const KIND_SECTIONS: Record<AttemptKind, string> = { ielts: 'Speaking tests', interview: 'Mock interviews' };

function KindCharts({ kind, attempts }: { kind: AttemptKind; attempts: ProgressAttempt[] }) {
  const series = progressSeries(kind, attempts);
  const note = earlierRulesNote(series[0]);
  const short = shortTestsNote(kind, attempts, (iso) => formatAttemptDateAndTime(iso).date);
  const notDrawn = notDrawnNote(kind, attempts);
  return (
    <Stack gap="sm" component="section" aria-label={`${KIND_SECTIONS[kind]} over time`}>
      <Title order={2} size="h3">
        {KIND_SECTIONS[kind]} over time
      </Title>
      {note ? (
        <Text size="sm" data-testid={`earlier-rules-${kind}`}>
          {note}
        </Text>
      ) : null}
      {notDrawn ? (
        <Text size="sm" data-testid={`not-drawn-${kind}`}>
          {notDrawn}
        </Text>
      ) : null}
      {short ? (
        <Text size="sm" data-testid={`short-tests-${kind}`}>
          {short}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {series.map((s) => (
          <ProgressChart key={s.key} series={s} overall={series[0]} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /progress: the student's every attempt of both kinds, newest first (the newest few, then more on request), with a chart per criterion. */
export default function ProgressPage() {
  const progress = useProgress();
  const { data, error, isPending } = progress;
  const practice = usePracticePath();
  // Offline it says so and loads when the connection returns; a failed load is asked again then too.
  useLoadAgainWhenOnline(progress.isError, progress.refetch);
  // A test an earlier visit left unsent, saved once this page opened, belongs in the list.
  const { refetch } = progress;
  useEffect(() => {
    const again = () => void refetch();
    window.addEventListener(EARLIER_SAVED_EVENT, again);
    return () => window.removeEventListener(EARLIER_SAVED_EVENT, again);
  }, [refetch]);
  let body: ReactNode;
  if (waitingForConnection(progress))
    body = (
      <Alert color="yellow" variant="light" title="No connection" role="status" data-testid="progress-offline">
        {offlineText('your attempts')}
      </Alert>
    );
  else if (isPending) body = <FullPageLoader label="Loading your progress…" />;
  else if (error)
    body = (
      <Alert color="red" variant="light" title="Could not load your progress" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessageOr(error, error.message)}</Text>
          <Button size="xs" variant="default" onClick={() => void progress.refetch()} loading={progress.isFetching}>
            Try again
          </Button>
        </Stack>
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
    // A teacher gives a speaking test bands and an interview scores, as the cards below say.
    const teachers = kinds.map((kind) => (kind === 'ielts' ? 'band' : 'score')).join(' or ');
    const dateOf = (iso: string) => formatAttemptDateAndTime(iso).date;
    body = (
      <Stack gap="xl">
        {data.workOnNext ? <WorkOnNextCard work={data.workOnNext} dateOf={dateOf} /> : null}
        <Text size="sm" c="dimmed">
          {data.attempts.some((attempt) => attempt.teacher !== null)
            ? `Each chart has two lines: the automatic estimate of every attempt (open circles) and, where your teacher has reviewed an attempt, your teacher's ${teachers} (filled squares, dashed line).`
            : `Each chart shows the automatic estimate of every attempt (open circles). Once your teacher reviews an attempt, your teacher's ${teachers} appears beside it (filled squares, dashed line).`}
          {data.attempts.length > CHART_ATTEMPTS ? ` Each chart shows your last ${CHART_ATTEMPTS} attempts of its kind; every attempt is listed below.` : ''}
        </Text>
        {kinds.map((kind) => (
          <KindCharts key={kind} kind={kind} attempts={data.attempts} />
        ))}
        <Stack gap="sm" component="section" aria-label="Every attempt">
          <Title order={2} size="h3">
            Every attempt, newest first
          </Title>
          <AttemptList attempts={data.attempts} />
        </Stack>
      </Stack>
    );
  }
  return (
    <Container size="lg">
      <Stack gap="lg">
        <Anchor component={Link} to={practice} size="sm" w="fit-content" className="touch-target">
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
