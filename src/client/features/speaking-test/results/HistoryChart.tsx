import { Chart, type ChartSeries } from '../../../components/chart/Chart';
import { wholeTicks } from '../../../components/chart/scale';
import { getPublicConfig } from '../../../lib/public-config';
import { BAND_MAX, BAND_MIN } from '../../../../shared/speaking-test/constants';
import { bandLabel, historyCategories, teacherSummary, trendSummary, type HistoryPoint } from './history';

/*
 * The overall band of the student's recent tests (decision 0009), drawn by the app's one chart
 * (components/chart, decision 0033): the earlier tests' estimates as a line, this test as its own
 * marked point, the teachers' released bands as a series of their own (as on My progress), each
 * test labelled by its date.
 */
export function HistoryChart({ points }: { points: readonly HistoryPoint[] }) {
  const series: ChartSeries[] = [
    { key: 'earlier', label: 'Estimate', colour: 'indigo', marker: 'circle', line: 'solid', values: points.map((point) => point.overall) },
    { key: 'current', label: 'This test', colour: 'indigo', marker: 'diamond', filled: true, line: 'none', overlay: true, values: points.map((point) => (point.current ? point.overall : null)) },
  ];
  if (points.some((point) => point.teacherOverall !== null))
    series.push({ key: 'teacher', label: "Teacher's band", colour: 'teal', marker: 'square', filled: true, line: 'dashed', connectGaps: true, values: points.map((point) => point.teacherOverall) });
  return (
    <Chart
      title="Overall band, test by test"
      titleOrder={3}
      testId="history-chart"
      kind="line"
      categories={historyCategories(points, getPublicConfig().schoolTimezone)}
      categoryHeading="Test"
      series={series}
      ticks={wholeTicks(BAND_MIN, BAND_MAX)}
      formatValue={(value) => bandLabel(value)}
      missingText="not assessed"
      summary={`${trendSummary(points)}${teacherSummary(points)}${points.some((point) => point.overall === null) ? ' A gap in the line: a test with too little speech for a band.' : ''}`}
    />
  );
}
