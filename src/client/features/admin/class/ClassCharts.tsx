import { Group, Text } from '@mantine/core';
import type { AttemptKind } from '../../../../shared/api/admin-attempts';
import { bandText } from '../../../../shared/api/admin-attempts-kinds';
import { scoreNoun } from '../../../../shared/api/admin-attempts-limits';
import type { BandDistribution, WeeklyAverages } from '../../../../shared/api/class-view';
import { Chart } from '../../../components/chart/Chart';
import { niceTicks } from '../../../components/chart/scale';

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** "7 Sep" for a week's Monday (YYYY-MM-DD, a calendar date). */
export function weekLabel(start: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(new Date(`${start}T00:00:00Z`));
}

/**
 * Every half band from the lowest to the highest with students, with its count (0 in between); an
 * interview's whole scores one bar a point (an interview overall is the rounded mean of whole scores),
 * unless a half stands among them (a student's latest attempt from before a change of course).
 */
export function bandBars(distribution: BandDistribution, kind: AttemptKind): Array<{ band: number; count: number }> {
  const present = distribution.bands;
  const first = present[0];
  const last = present.at(-1);
  if (!first || !last) return [];
  const step = kind === 'interview' && present.every((entry) => Number.isInteger(entry.band)) ? 1 : 0.5;
  const counts = new Map(present.map((entry) => [entry.band, entry.count]));
  const bars: Array<{ band: number; count: number }> = [];
  for (let band = first.band; band <= last.band + 1e-9; band += step) bars.push({ band, count: counts.get(band) ?? 0 });
  return bars;
}

/** The students' latest overall bands (an interview course's scores): one bar per half band (per point), the counts over the bars; no band and never practised below. */
export function BandChart({ distribution, kind }: { distribution: BandDistribution; kind: AttemptKind }) {
  const bars = bandBars(distribution, kind);
  const noun = scoreNoun(kind);
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const withBand = distribution.total - distribution.noBand - distribution.neverPractised;
  const summary =
    bars.length === 0
      ? `No student of this course has a ${noun} yet. ${plural(distribution.noBand, 'student')} without a ${noun}, ${plural(distribution.neverPractised, 'student')} never practised.`
      : `Latest overall ${noun}s of ${plural(withBand, 'student')}: ${bars
          .filter((bar) => bar.count > 0)
          .map((bar) => `${bandText(kind, bar.band)}: ${bar.count}`)
          .join(', ')}. ${distribution.noBand} without a ${noun} yet, ${distribution.neverPractised} never practised. Each student's latest attempt counts: the teacher's released ${noun} where there is one, else the estimate.`;
  return (
    <Chart
      title={`Latest overall ${noun}`}
      testId="band-distribution"
      kind="bar"
      categories={bars.map((bar) => ({ key: String(bar.band), label: bandText(kind, bar.band) }))}
      categoryHeading={noun === 'band' ? 'Band' : 'Score'}
      series={[{ key: 'students', label: 'Students', colour: 'indigo', marker: 'square', filled: true, values: bars.map((bar) => bar.count) }]}
      ticks={niceTicks(0, max, { integer: true })}
      formatValue={(value) => value.toLocaleString('en')}
      summary={summary}
    >
      <Group gap="lg" wrap="wrap">
        <Text size="sm" data-testid="no-band">
          No {noun} yet: <strong>{distribution.noBand}</strong>
        </Text>
        <Text size="sm" data-testid="never-practised">
          Never practised: <strong>{distribution.neverPractised}</strong>
        </Text>
      </Group>
    </Chart>
  );
}

const SERIES_STYLES = [
  { colour: 'indigo', marker: 'circle' },
  { colour: 'teal', marker: 'square' },
  { colour: 'orange', marker: 'triangle' },
  { colour: 'grape', marker: 'diamond' },
] as const;

const formatAverage = (value: number) => value.toFixed(1);

/** Each criterion's class average per school week: one marked line each (broken where a week had no attempt), and the same figures as a table for screen readers. */
export function WeeklyChart({ weekly, kind }: { weekly: WeeklyAverages; kind: AttemptKind }) {
  const values = weekly.criteria.flatMap((criterion) => criterion.averages.filter((value): value is number => value !== null));
  const ticks = values.length ? niceTicks(Math.max(0, Math.floor(Math.min(...values)) - 1), Math.ceil(Math.max(...values))) : niceTicks(0, 9);
  const noun = scoreNoun(kind);
  const weeksWithAttempts = weekly.weeks.filter((week) => week.attempts > 0).length;
  const unbanded = weekly.weeks.reduce((sum, week) => sum + week.attempts - week.banded, 0);
  const summary =
    weeksWithAttempts === 0
      ? `No attempts in the last ${weekly.weeks.length} weeks.`
      : `Class average per week over ${weekly.weeks.length} weeks; ${weeksWithAttempts} of them had attempts. Latest week with attempts: ${weekly.criteria
          .map((criterion) => {
            const latest = [...criterion.averages].reverse().find((value) => value !== null);
            return `${criterion.label} ${latest === undefined || latest === null ? 'none' : formatAverage(latest)}`;
          })
          .join(', ')}.`;
  return (
    <Chart
      title="Class average per week"
      testId="weekly-averages"
      tableTestId="weekly-table"
      kind="line"
      categories={weekly.weeks.map((week) => ({ key: week.start, label: weekLabel(week.start) }))}
      categoryHeading="Week of"
      extraColumns={[
        { heading: 'Attempts', values: weekly.weeks.map((week) => String(week.attempts)) },
        { heading: `With a ${noun}`, values: weekly.weeks.map((week) => String(week.banded)) },
      ]}
      series={weekly.criteria.map((criterion, index) => ({
        key: criterion.criterion,
        label: criterion.label,
        ...(SERIES_STYLES[index % SERIES_STYLES.length] ?? SERIES_STYLES[0]),
        line: 'solid' as const,
        values: criterion.averages,
      }))}
      ticks={ticks}
      formatValue={formatAverage}
      missingText={`no ${noun}`}
      summary={`${summary} Weeks start on Monday at the school; the teacher's released ${noun} counts where there is one, else the estimate.${
        unbanded > 0 ? ` ${plural(unbanded, 'attempt')} with too little speech for an estimate and no released ${noun} ${unbanded === 1 ? 'is' : 'are'} counted but not averaged.` : ''
      }`}
    />
  );
}
