import { Chart } from '../../../components/chart/Chart';
import { wholeTicks } from '../../../components/chart/scale';
import { getPublicConfig } from '../../../lib/public-config';
import { BAND_MAX, BAND_MIN } from '../../../../shared/speaking-test/constants';
import { bandLabel, historyCategories, trendSummary, type HistoryPoint } from './history';

/*
 * The overall band of the student's recent tests (decision 0009), drawn by the app's one chart
 * (components/chart, decision 0033): the earlier tests' estimates as a line, this test as its own
 * marked point, each test labelled by its date.
 */
export function HistoryChart({ points }: { points: readonly HistoryPoint[] }) {
  return (
    <Chart
      title="Overall band, test by test"
      titleOrder={3}
      testId="history-chart"
      kind="line"
      categories={historyCategories(points, getPublicConfig().schoolTimezone)}
      categoryHeading="Test"
      series={[
        { key: 'earlier', label: 'Estimate', colour: 'indigo', marker: 'circle', line: 'solid', values: points.map((point) => point.overall) },
        { key: 'current', label: 'This test', colour: 'indigo', marker: 'diamond', filled: true, line: 'none', overlay: true, values: points.map((point) => (point.current ? point.overall : null)) },
      ]}
      ticks={wholeTicks(BAND_MIN, BAND_MAX)}
      formatValue={(value) => bandLabel(value)}
      missingText="not assessed"
      summary={`${trendSummary(points)}${points.some((point) => point.overall === null) ? ' A gap in the line: a test with too little speech for a band.' : ''}`}
    />
  );
}
