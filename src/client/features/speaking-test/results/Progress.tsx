import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { offlineText, useLoadAgainWhenOnline, waitingForConnection } from '../../../lib/use-load-again-when-online';
import { useTestHistory } from './api';
import { HistoryChart } from './HistoryChart';
import { hasEarlierTests, historySeries } from './history';

/**
 * The student's earlier overall bands with this one, and a link to every attempt. Offline (often so
 * right after a test on a phone) it says so and loads when the connection returns; a failed load
 * is tried again then too, or with Try again.
 */
export function Progress({ attemptId, completedAt, overall }: { attemptId: string | null; completedAt: number; overall: number | null }) {
  const history = useTestHistory();
  useLoadAgainWhenOnline(history.isError, history.refetch);
  const points = historySeries(history.data?.attempts, { attemptId, completedAt, overall });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="results-progress">
      <Stack gap="sm">
        <Title order={2} size="h3" id="results-progress">
          Your progress
        </Title>
        {waitingForConnection(history) ? (
          <Text size="sm" role="status" data-testid="history-offline">
            {offlineText('your earlier tests')}
          </Text>
        ) : history.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Loading your earlier tests…</Text>
          </Group>
        ) : history.isError ? (
          <Group gap="xs" data-testid="history-failed">
            <Text size="sm" c="dimmed">
              Your earlier tests could not be loaded just now. They load again when the connection returns.
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => void history.refetch()} loading={history.isFetching}>
              Try again
            </Button>
          </Group>
        ) : hasEarlierTests(points) ? (
          <HistoryChart points={points} />
        ) : (
          <Text size="sm">Your first test: take another later to see your progress.</Text>
        )}
        <Anchor component={Link} to="/progress" size="sm" w="fit-content">
          My progress: every attempt, each criterion over time, your teacher&apos;s feedback
        </Anchor>
      </Stack>
    </Paper>
  );
}
