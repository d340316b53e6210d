import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { bandText } from '../../../shared/api/admin-attempts-kinds';
import { formatAttemptDateAndTime } from '../../components/attempt/format';
import { seriesGeometry, seriesSummary, type Box, type Series } from './chart';
import classes from './ProgressChart.module.css';

const BOX: Box = { width: 300, height: 150, left: 26, right: 12, top: 10, bottom: 24 };

/** One criterion over time: an inline SVG, its summary as the accessible name, the figures as a hidden table. */
export function ProgressChart({ series }: { series: Series }) {
  const geometry = seriesGeometry(series, BOX);
  const summary = seriesSummary(series);
  const first = series.points[0];
  const last = series.points.at(-1);
  return (
    <Paper withBorder radius="md" p="sm" component="figure" m={0} data-testid={`chart-${series.kind}-${series.key}`}>
      <Stack gap={4}>
        <Title order={4} size="h5" component="figcaption">
          {series.label}
        </Title>
        {series.points.length === 0 ? (
          <Text size="sm" c="dimmed">
            No result yet.
          </Text>
        ) : (
          <svg className={classes.chart} viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={summary}>
            {geometry.grid.map(({ value, y }) => (
              <g key={value}>
                <line className={classes.grid} x1={BOX.left} x2={BOX.width - BOX.right} y1={y} y2={y} />
                <text className={classes.label} x={BOX.left - 6} y={y} dy="0.35em" textAnchor="end">
                  {value}
                </text>
              </g>
            ))}
            {geometry.line ? <path className={classes.line} d={geometry.line} /> : null}
            {geometry.marks.map((mark) =>
              mark.point.teacher ? (
                <rect
                  key={mark.point.attemptId}
                  className={classes.teacher}
                  x={mark.x - 5}
                  y={mark.y - 5}
                  width={10}
                  height={10}
                  data-value={mark.point.value}
                  data-source="teacher"
                />
              ) : (
                <circle key={mark.point.attemptId} className={classes.estimate} cx={mark.x} cy={mark.y} r={4.5} data-value={mark.point.value} data-source="estimate" />
              ),
            )}
            {first ? (
              <text className={classes.label} x={BOX.left} y={BOX.height - 4}>
                {formatAttemptDateAndTime(first.completedAt).date}
              </text>
            ) : null}
            {last && last !== first ? (
              <text className={classes.label} x={BOX.width - BOX.right} y={BOX.height - 4} textAnchor="end">
                {formatAttemptDateAndTime(last.completedAt).date}
              </text>
            ) : null}
          </svg>
        )}
        <Text size="xs" c="dimmed">
          {summary}
        </Text>
        <VisuallyHidden>
          <Table>
            <caption>{series.label}, attempt by attempt</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {series.points.map((point) => (
                <tr key={point.attemptId}>
                  <td>{formatAttemptDateAndTime(point.completedAt).date}</td>
                  <td>
                    {bandText(series.kind, point.value)} {point.teacher ? "(teacher's band)" : '(estimate)'}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
