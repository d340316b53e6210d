import { Paper, Text, Title } from '@mantine/core';
import { bandText } from '../../../shared/api/admin-attempts-kinds';
import { Chart, type ChartSeries } from '../../components/chart/Chart';
import { distinctDateLabels, wholeTicks } from '../../components/chart/scale';
import { formatAttemptTime } from '../../components/attempt/format';
import { getPublicConfig } from '../../lib/public-config';
import { alignedPoints, SCALE, seriesSummary, TEACHER_LABEL, type Series } from './chart';

/** One criterion over time: the estimate and the teacher's band as two marked series (components/chart). */
export function ProgressChart({ series, overall }: { series: Series; overall?: Series | undefined }) {
  // Nothing to draw (Pronunciation before a teacher has listened): its sentence alone.
  if (series.points.length === 0 && series.teacherOnly) {
    return (
      <Paper withBorder radius="md" p="md" data-testid={`chart-${series.kind}-${series.key}`}>
        <Title order={3} size="h4">
          {series.label}
        </Title>
        <Text size="sm" c="dimmed" mt="xs">
          {seriesSummary(series)}
        </Text>
      </Paper>
    );
  }
  const { min, max } = SCALE[series.kind];
  const points = alignedPoints(series, overall);
  const labels = distinctDateLabels(
    points.map((point) => Date.parse(point.completedAt)),
    getPublicConfig().schoolTimezone,
  );
  const lines: ChartSeries[] = series.teacherOnly
    ? []
    : [{ key: 'estimate', label: 'Estimate', colour: 'indigo', marker: 'circle', line: 'solid', values: points.map((point) => point.estimate) }];
  if (points.some((point) => point.teacher !== null))
    lines.push({ key: 'teacher', label: TEACHER_LABEL[series.kind], colour: 'teal', marker: 'square', filled: true, line: 'dashed', connectGaps: true, values: points.map((point) => point.teacher) });
  return (
    <Chart
      title={series.label}
      titleOrder={3}
      testId={`chart-${series.kind}-${series.key}`}
      kind="line"
      categories={points.map((point, i) => ({ key: point.attemptId, label: labels[i] ?? '', fullLabel: formatAttemptTime(point.completedAt) }))}
      categoryHeading="Attempt"
      series={lines}
      ticks={wholeTicks(min, max)}
      formatValue={(value) => bandText(series.kind, value)}
      summary={seriesSummary(series)}
    />
  );
}
