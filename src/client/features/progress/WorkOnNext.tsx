import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import type { WorkOnNext } from '../../../shared/api/progress';
import { MEASURED_CRITERIA } from '../../../shared/api/progress-limits';
import { SHORT_TEST_WORDS } from '../../../shared/band-estimate/short-test';

/*
 * My progress's first section: the one thing to work on next over the student's latest speaking
 * tests (the server's work-on-next.ts), with the figures it was chosen from and the test its advice
 * comes from.
 */

/** Why this criterion: its mean beside the other two, over how many tests, from whose bands. */
export function workOnNextReason(work: WorkOnNext, dateOf: (iso: string) => string): string {
  const label = CRITERION_LABELS[work.criterion];
  const band = (value: number) => value.toFixed(1);
  const others = MEASURED_CRITERIA.filter((criterion) => criterion !== work.criterion)
    .map((criterion) => `${CRITERION_LABELS[criterion]} ${band(work.means[criterion] ?? 0)}`)
    .join(' and ');
  const whose = work.teacherBands ? "your teacher's bands where given, else the estimate, which leaves out Pronunciation" : 'the estimate, which leaves out Pronunciation';
  const own = `${label} ${band(work.means[work.criterion] ?? 0)}`;
  const rough =
    work.shortTests === 0
      ? ''
      : work.tests === 1
        ? ` The test was short (under ${SHORT_TEST_WORDS} words), so take this as a rough guide.`
        : ` ${work.shortTests === work.tests ? 'All' : `${work.shortTests} of`} ${work.tests} were short (under ${SHORT_TEST_WORDS} words), so take this as a rough guide.`;
  return work.tests === 1
    ? `Your lowest in your latest speaking test (${dateOf(work.from.completedAt)}): ${own}, beside ${others} (${whose}).${rough} Its advice:`
    : `Your lowest over your last ${work.tests} speaking tests: ${own} on average, beside ${others} (${whose}).${rough} The advice of the latest, on ${dateOf(work.from.completedAt)}:`;
}

export function WorkOnNextCard({ work, dateOf }: { work: WorkOnNext; dateOf: (iso: string) => string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="work-on-next-title" bg="indigo.0" data-testid="work-on-next">
      <Stack gap="xs">
        <Title order={2} size="h3" id="work-on-next-title">
          Work on next: {CRITERION_LABELS[work.criterion]}
        </Title>
        <Text size="sm">{workOnNextReason(work, dateOf)}</Text>
        <Text fw={600}>{work.advice}</Text>
        <Anchor component={Link} to={`/progress/attempts/${work.from.id}`} size="sm" c="indigo.9" fw={600} w="fit-content" className="touch-target">
          Open that test
        </Anchor>
      </Stack>
    </Paper>
  );
}
