import { Table, Text, VisuallyHidden } from '@mantine/core';
import classes from './HistoryChart.module.css';
import { bandLabel, chartGeometry, trendSummary, type ChartBox, type HistoryPoint } from './history';

/*
 * The overall band of the student's recent tests as a small inline SVG line chart (see
 * docs/decisions/0009-results-history-chart.md): an image with a one-sentence summary for screen
 * readers, and the figures as a visually hidden table.
 */

const BOX: ChartBox = { width: 360, height: 190, left: 34, right: 16, top: 12, bottom: 40 };

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function HistoryChart({ points }: { points: readonly HistoryPoint[] }) {
  const geometry = chartGeometry(points, BOX);
  const summary = trendSummary(points);
  const last = geometry.marks.length - 1;
  return (
    <>
      <svg className={classes.chart} viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={summary} data-testid="history-chart">
        {geometry.bands.map(({ band, y }) => (
          <g key={band}>
            <line className={classes.grid} x1={BOX.left} x2={BOX.width - BOX.right} y1={y} y2={y} />
            <text className={classes.label} x={BOX.left - 8} y={y} dy="0.35em" textAnchor="end">
              {band}
            </text>
          </g>
        ))}
        <line className={classes.axis} x1={BOX.left} x2={BOX.width - BOX.right} y1={geometry.baseline} y2={geometry.baseline} />
        <line className={classes.axis} x1={BOX.left} x2={BOX.left} y1={BOX.top} y2={geometry.baseline} />
        <text className={classes.label} x={BOX.left} y={BOX.height - 6}>
          Oldest
        </text>
        <text className={classes.label} x={BOX.width - BOX.right} y={BOX.height - 6} textAnchor="end">
          This test
        </text>
        <text className={classes.label} x={(BOX.left + BOX.width - BOX.right) / 2} y={BOX.height - 6} textAnchor="middle">
          Overall band, test by test
        </text>
        {geometry.line ? <path className={classes.line} d={geometry.line} /> : null}
        {geometry.marks.map((mark, index) =>
          mark.y === null ? (
            <circle key={index} className={classes.missing} cx={mark.x} cy={geometry.baseline} r={4} />
          ) : (
            <circle key={index} className={mark.point.current ? classes.current : classes.point} cx={mark.x} cy={mark.y} r={mark.point.current ? 6 : 4} />
          ),
        )}
        {geometry.marks[last] ? (
          <text
            className={classes.label}
            x={geometry.marks[last].x}
            y={(geometry.marks[last].y ?? geometry.baseline) - 12}
            textAnchor={points.length > 1 ? 'end' : 'middle'}
            fontWeight={700}
          >
            {bandLabel(geometry.marks[last].point.overall)}
          </text>
        ) : null}
      </svg>
      <Text size="xs" c="dimmed">
        Filled dot: this test. A dashed dot on the bottom line: a test with too little speech for a band.
      </Text>
      <VisuallyHidden>
        <Table>
          <caption>Your overall band, test by test</caption>
          <thead>
            <tr>
              <th scope="col">Test</th>
              <th scope="col">Overall band</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point, index) => (
              <tr key={point.attemptId ?? `current-${index}`}>
                <td>
                  {dateFormat.format(point.completedAt)}
                  {point.current ? ' (this test)' : ''}
                </td>
                <td>{bandLabel(point.overall)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
