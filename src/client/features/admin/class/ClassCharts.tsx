import { Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AttemptKind } from '../../../../shared/api/admin-attempts';
import { bandText } from '../../../../shared/api/admin-attempts-kinds';
import type { BandDistribution, WeeklyAverages } from '../../../../shared/api/class-view';
import classes from './ClassView.module.css';

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** "7 Sep" for a week's Monday (YYYY-MM-DD, a calendar date). */
export function weekLabel(start: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(new Date(`${start}T00:00:00Z`));
}

/** Every half band from the lowest to the highest with students, with its count (0 in between). */
export function bandBars(distribution: BandDistribution): Array<{ band: number; count: number }> {
  const present = distribution.bands;
  const first = present[0];
  const last = present.at(-1);
  if (!first || !last) return [];
  const counts = new Map(present.map((entry) => [entry.band, entry.count]));
  const bars: Array<{ band: number; count: number }> = [];
  for (let band = first.band; band <= last.band + 1e-9; band += 0.5) bars.push({ band, count: counts.get(band) ?? 0 });
  return bars;
}

const BAND_BOX = { width: 320, height: 170, left: 30, right: 8, top: 18, bottom: 24 };

/** The students' latest overall bands: one bar per half band, the counts over the bars; no band and never practised below. */
export function BandChart({ distribution, kind }: { distribution: BandDistribution; kind: AttemptKind }) {
  const bars = bandBars(distribution);
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const plotWidth = BAND_BOX.width - BAND_BOX.left - BAND_BOX.right;
  const plotHeight = BAND_BOX.height - BAND_BOX.top - BAND_BOX.bottom;
  const slot = bars.length > 0 ? plotWidth / bars.length : plotWidth;
  const barWidth = Math.max(4, slot * 0.7);
  // With many bars, only whole bands are labelled (half-band labels would touch on a phone).
  const thinLabels = bars.length > 10;
  const withBand = distribution.total - distribution.noBand - distribution.neverPractised;
  const summary =
    bars.length === 0
      ? `No student of this course has a band yet. ${plural(distribution.noBand, 'student')} without a band, ${plural(distribution.neverPractised, 'student')} never practised.`
      : `Latest overall bands of ${plural(withBand, 'student')}: ${bars
          .filter((bar) => bar.count > 0)
          .map((bar) => `${bandText(kind, bar.band)}: ${bar.count}`)
          .join(', ')}. ${distribution.noBand} without a band yet, ${distribution.neverPractised} never practised.`;
  return (
    <Paper withBorder radius="md" p="sm" component="figure" m={0} data-testid="band-distribution">
      <Stack gap="xs">
        <Title order={3} size="h5" component="figcaption">
          Latest overall band
        </Title>
        {bars.length > 0 ? (
          <svg className={classes.chart} viewBox={`0 0 ${BAND_BOX.width} ${BAND_BOX.height}`} role="img" aria-label={summary}>
            {[0, 0.5, 1].map((fraction) => {
              const y = BAND_BOX.top + plotHeight * (1 - fraction);
              const value = Math.round(max * fraction);
              return (
                <g key={fraction}>
                  <line className={classes.grid} x1={BAND_BOX.left} x2={BAND_BOX.width - BAND_BOX.right} y1={y} y2={y} />
                  <text className={classes.label} x={BAND_BOX.left - 6} y={y} dy="0.35em" textAnchor="end">
                    {value}
                  </text>
                </g>
              );
            })}
            {bars.map((bar, i) => {
              const height = (bar.count / max) * plotHeight;
              const x = BAND_BOX.left + slot * i + (slot - barWidth) / 2;
              const y = BAND_BOX.top + plotHeight - height;
              const center = x + barWidth / 2;
              return (
                <g key={bar.band} data-band={bar.band} data-count={bar.count}>
                  <rect className={classes.bar} x={x} y={y} width={barWidth} height={height} />
                  {bar.count > 0 ? (
                    <text className={classes.count} x={center} y={y - 4} textAnchor="middle">
                      {bar.count}
                    </text>
                  ) : null}
                  {!thinLabels || Number.isInteger(bar.band) ? (
                    <text className={classes.label} x={center} y={BAND_BOX.height - 6} textAnchor="middle">
                      {bandText(kind, bar.band)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        ) : null}
        <Group gap="lg" wrap="wrap">
          <Text size="sm" data-testid="no-band">
            No band yet: <strong>{distribution.noBand}</strong>
          </Text>
          <Text size="sm" data-testid="never-practised">
            Never practised: <strong>{distribution.neverPractised}</strong>
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {summary}
        </Text>
        <VisuallyHidden>
          <Table>
            <caption>Students per latest overall band</caption>
            <thead>
              <tr>
                <th scope="col">Band</th>
                <th scope="col">Students</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.band}>
                  <td>{bandText(kind, bar.band)}</td>
                  <td>{bar.count}</td>
                </tr>
              ))}
              <tr>
                <td>No band yet</td>
                <td>{distribution.noBand}</td>
              </tr>
              <tr>
                <td>Never practised</td>
                <td>{distribution.neverPractised}</td>
              </tr>
            </tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}

const LINE_BOX = { width: 340, height: 190, left: 28, right: 10, top: 10, bottom: 24 };
const SERIES_COLOURS = ['indigo', 'teal', 'orange', 'grape'] as const;

/** A marker per criterion, so the lines differ by shape as well as colour. */
function Marker({ index, x, y, colour }: { index: number; x: number; y: number; colour: string }) {
  const style = { fill: 'var(--mantine-color-white)', stroke: colour, strokeWidth: 2 };
  if (index === 1) return <rect x={x - 4} y={y - 4} width={8} height={8} style={style} />;
  if (index === 2) return <path d={`M${x} ${y - 5}L${x + 5} ${y + 4}L${x - 5} ${y + 4}Z`} style={style} />;
  if (index === 3) return <path d={`M${x} ${y - 5}L${x + 5} ${y}L${x} ${y + 5}L${x - 5} ${y}Z`} style={style} />;
  return <circle cx={x} cy={y} r={4} style={style} />;
}

const formatAverage = (value: number) => value.toFixed(1);

/** Each criterion's class average per school week: one line each (broken where a week had no attempt), and the same figures as a table for screen readers. */
export function WeeklyChart({ weekly }: { weekly: WeeklyAverages }) {
  const values = weekly.criteria.flatMap((criterion) => criterion.averages.filter((value): value is number => value !== null));
  const lo = values.length ? Math.max(0, Math.floor(Math.min(...values)) - 1) : 0;
  const hi = values.length ? Math.max(lo + 2, Math.ceil(Math.max(...values))) : 9;
  const plotWidth = LINE_BOX.width - LINE_BOX.left - LINE_BOX.right;
  const plotHeight = LINE_BOX.height - LINE_BOX.top - LINE_BOX.bottom;
  const step = weekly.weeks.length > 1 ? plotWidth / (weekly.weeks.length - 1) : 0;
  const xOf = (i: number) => LINE_BOX.left + step * i;
  const yOf = (value: number) => LINE_BOX.top + plotHeight * (1 - (value - lo) / (hi - lo));
  const gridValues = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).filter((value, _, all) => all.length <= 6 || (value - lo) % 2 === 0);
  const weeksWithAttempts = weekly.weeks.filter((week) => week.attempts > 0).length;
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
    <Paper withBorder radius="md" p="sm" component="figure" m={0} data-testid="weekly-averages">
      <Stack gap="xs">
        <Title order={3} size="h5" component="figcaption">
          Class average per week
        </Title>
        <svg className={classes.chart} viewBox={`0 0 ${LINE_BOX.width} ${LINE_BOX.height}`} role="img" aria-label={summary}>
          {gridValues.map((value) => (
            <g key={value}>
              <line className={classes.grid} x1={LINE_BOX.left} x2={LINE_BOX.width - LINE_BOX.right} y1={yOf(value)} y2={yOf(value)} />
              <text className={classes.label} x={LINE_BOX.left - 6} y={yOf(value)} dy="0.35em" textAnchor="end">
                {value}
              </text>
            </g>
          ))}
          {weekly.criteria.map((criterion, index) => {
            const colour = `var(--mantine-color-${SERIES_COLOURS[index % SERIES_COLOURS.length]}-7)`;
            // A new segment after every week without attempts.
            const path = criterion.averages
              .map((value, i) => (value === null ? null : `${i > 0 && criterion.averages[i - 1] !== null ? 'L' : 'M'}${xOf(i).toFixed(1)} ${yOf(value).toFixed(1)}`))
              .filter((part): part is string => part !== null)
              .join('');
            return (
              <g key={criterion.criterion} data-criterion={criterion.criterion}>
                {path ? <path className={classes.line} d={path} style={{ stroke: colour }} /> : null}
                {criterion.averages.map((value, i) =>
                  value === null ? null : (
                    <g key={weekly.weeks[i]?.start} data-week={weekly.weeks[i]?.start} data-value={value}>
                      <Marker index={index} x={xOf(i)} y={yOf(value)} colour={colour} />
                    </g>
                  ),
                )}
              </g>
            );
          })}
          {weekly.weeks.map((week, i) => (
            <line key={week.start} className={classes.tick} x1={xOf(i)} x2={xOf(i)} y1={LINE_BOX.top + plotHeight} y2={LINE_BOX.top + plotHeight + 4} />
          ))}
          {/* The first week, every fourth after it, and the current one (labels far enough apart on a phone). */}
          {weekly.weeks.map((week, i) =>
            i === weekly.weeks.length - 1 || (i % 4 === 0 && i <= weekly.weeks.length - 4) ? (
              <text
                key={week.start}
                className={classes.label}
                x={xOf(i)}
                y={LINE_BOX.height - 4}
                textAnchor={i === 0 ? 'start' : i === weekly.weeks.length - 1 ? 'end' : 'middle'}
              >
                {weekLabel(week.start)}
              </text>
            ) : null,
          )}
        </svg>
        <Group gap="md" wrap="wrap" aria-hidden="true">
          {weekly.criteria.map((criterion, index) => (
            <Text key={criterion.criterion} size="sm">
              <span className={classes.swatch} style={{ background: `var(--mantine-color-${SERIES_COLOURS[index % SERIES_COLOURS.length]}-7)` }} />
              {criterion.label}
            </Text>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {summary} Weeks start on Monday at the school; the teacher&apos;s released band counts where there is one, else the estimate.
        </Text>
        <VisuallyHidden>
          <Table data-testid="weekly-table">
            <caption>Class average per criterion, week by week</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Attempts</th>
                {weekly.criteria.map((criterion) => (
                  <th scope="col" key={criterion.criterion}>
                    {criterion.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weekly.weeks.map((week, i) => (
                <tr key={week.start} data-week={week.start}>
                  <th scope="row">{weekLabel(week.start)}</th>
                  <td>{week.attempts}</td>
                  {weekly.criteria.map((criterion) => {
                    const value = criterion.averages[i];
                    return <td key={criterion.criterion}>{value === null || value === undefined ? 'no attempts' : formatAverage(value)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
