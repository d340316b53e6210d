import { Paper, Stack, Text, Title } from '@mantine/core';
import { Columns, type ColumnCounts } from '../Columns';
import type { ReactNode } from 'react';
import { formatAttemptDateAndTime } from './format';

/*
 * The parts both attempt pages share: the teacher's review page (/admin/attempts/:id) and the
 * student's own attempt page (/progress/attempts/:id). The review's trail and the teacher's bands
 * are in ReviewParts.tsx.
 */

export function Section({ title, children }: { title: string; children: ReactNode }) {
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

/** The attempt's facts (course, date, duration...) as a description list: a screen reader reads each label with its value. */
export function Facts({ cols, children }: { cols: ColumnCounts; children: ReactNode }) {
  return (
    <Columns component="dl" cols={cols}>
      {children}
    </Columns>
  );
}

/** One of Facts' entries. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** Where the recording would be, when there is none: why (deleted under the retention period, or never saved). */
export function NoRecording({ expiredAt }: { expiredAt: string | null }) {
  return (
    <Text size="sm" c="dimmed">
      {expiredAt
        ? `The recording has expired: it was deleted on ${formatAttemptDateAndTime(expiredAt).date} under the school's retention period. The answers and scores are kept.`
        : 'No recording was saved.'}
    </Text>
  );
}
