import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { AttemptKind, ReviewContent, ReviewEvent } from '../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import { formatAttemptTime } from './format';
import { Table } from '../Table';

/*
 * The review as the attempt pages show it: its trail (the teacher's page, below the fold) and the
 * teacher's bands (the student's page). Apart from AttemptParts.tsx, so that the first screen of the
 * teacher's review page does not load them.
 */

const band = (kind: AttemptKind, value: number | null | undefined) => (value === null || value === undefined ? 'not set' : bandText(kind, value));

/** "Fluency 6.5 → 7.0; comment changed" and the like: what one trail entry changed. */
export function describeChange(kind: AttemptKind, from: ReviewContent | null, to: ReviewContent | null): string[] {
  if (from === null && to === null) return ['nothing'];
  if (to === null) return ['review cleared'];
  const changes: string[] = [];
  for (const key of [...CRITERIA_OF[kind], 'overall' as const]) {
    const before = from?.scores?.[key] ?? null;
    const after = to.scores?.[key] ?? null;
    if (before !== after) changes.push(`${key === 'overall' ? 'Overall' : CRITERION_LABELS[key]} ${band(kind, before)} → ${band(kind, after)}`);
  }
  if ((from?.comment ?? null) !== (to.comment ?? null)) {
    changes.push(from?.comment ? `comment changed to “${to.comment ?? ''}” (was “${from.comment}”)` : `comment “${to.comment ?? ''}”`);
  }
  return changes.length ? changes : ['no change'];
}

/** The append-only trail: who changed or released the review, when, from what to what, and why. */
export function ReviewTrail({ kind, trail }: { kind: AttemptKind; trail: ReviewEvent[] }) {
  if (trail.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No changes yet. Every change to the comment or bands, and every release, is listed here and cannot be edited or removed.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Every change to the comment or bands, and every release, oldest first. This record cannot be edited or removed.
      </Text>
      <Stack gap="xs" component="ol" m={0} p={0} aria-label="Review trail">
        {trail.map((event) => (
          <Paper key={event.id} withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
            <Stack gap={4}>
              <Group gap="xs" wrap="wrap">
                <Badge size="sm" variant="light" color={event.action === 'released' ? 'indigo' : 'gray'} c={event.action === 'released' ? 'indigo.9' : 'gray.8'}>
                  {event.action === 'released' ? (event.from ? 'Re-released' : 'Released') : 'Saved'}
                </Badge>
                <Text size="sm" fw={600}>
                  {event.byName ?? event.byUsername ?? 'a teacher'}
                </Text>
                <Text size="sm" c="dimmed">
                  <time dateTime={event.at}>{formatAttemptTime(event.at)}</time>
                </Text>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {describeChange(kind, event.from, event.to).join('; ')}
              </Text>
              {event.reason ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Reason: {event.reason}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** The teacher's bands in a small table: the result, beside the estimate. */
export function TeacherBandsTable({
  kind,
  teacher,
  estimate,
}: {
  kind: AttemptKind;
  teacher: Partial<Record<string, number | null>> | null;
  estimate: Partial<Record<string, number | null>> | null;
}) {
  const noun = kind === 'ielts' ? 'band' : 'score';
  return (
    <Table withTableBorder verticalSpacing={6} fz="sm" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Criterion</Table.Th>
          <Table.Th scope="col">Teacher&apos;s {noun} (result)</Table.Th>
          <Table.Th scope="col">Estimate</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...CRITERIA_OF[kind], 'overall' as const].map((key) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" fw={key === 'overall' ? 700 : 500}>
              {key === 'overall' ? 'Overall' : CRITERION_LABELS[key]}
            </Table.Th>
            <Table.Td fw={700}>{band(kind, teacher?.[key])}</Table.Td>
            <Table.Td>{estimate?.[key] === null || estimate?.[key] === undefined ? '—' : bandText(kind, estimate[key])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
