import { Paper, Text, Title, VisuallyHidden, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Chart.module.css';
import { axisGeometry, placeBars, placeLines, type ChartBox, type ChartCategory, type ChartSeries, type MarkerShape } from './geometry';
import type { Ticks } from './scale';

/*
 * The app's one chart (decision 0033): the student's progress, the results' history and the
 * teacher's class view. A small inline SVG drawn by hand (no chart library): round ticks, one
 * marked series per thing measured with a legend, distinct category labels, points that would
 * overlap set side by side; for screen readers a one-sentence summary as the image's name and
 * every figure in a visually hidden table.
 */

export type { ChartCategory, ChartSeries, MarkerShape } from './geometry';

export interface ChartProps {
  title: string;
  titleOrder?: TitleOrder;
  testId: string;
  kind: 'line' | 'bar';
  categories: readonly ChartCategory[];
  /** The table's first column: what a category is ("Test", "Week of", "Band"). */
  categoryHeading: string;
  series: readonly ChartSeries[];
  ticks: Ticks;
  /** A figure in the table and over a bar. */
  formatValue: (value: number) => string;
  /** A tick's label (default: the number as it is). */
  formatTick?: (value: number) => string;
  /** The chart in a sentence or two: the image's accessible name, and shown under it. */
  summary: string;
  /** Table columns before the series' (e.g. the attempts each week). */
  extraColumns?: ReadonlyArray<{ heading: string; values: readonly string[] }>;
  /** In the table where a series has no value. */
  missingText?: string;
  tableTestId?: string;
  /** Shown between the legend and the summary. */
  children?: ReactNode;
  box?: ChartBox;
}

const DEFAULT_BOX: ChartBox = { width: 340, height: 190, left: 30, right: 10, top: 14, bottom: 26 };

const colourOf = (series: Pick<ChartSeries, 'colour'>) => `var(--mantine-color-${series.colour}-8)`;

export function Marker({ shape, x, y, colour, filled }: { shape: MarkerShape; x: number; y: number; colour: string; filled: boolean }) {
  const style = { fill: filled ? colour : 'var(--mantine-color-white)', stroke: colour, strokeWidth: 2 };
  if (shape === 'square') return <rect x={x - 4.5} y={y - 4.5} width={9} height={9} style={style} />;
  if (shape === 'triangle') return <path d={`M${x} ${y - 5.5}L${x + 5.5} ${y + 4.5}L${x - 5.5} ${y + 4.5}Z`} style={style} />;
  if (shape === 'diamond') return <path d={`M${x} ${y - 6}L${x + 6} ${y}L${x} ${y + 6}L${x - 6} ${y}Z`} style={style} />;
  return <circle cx={x} cy={y} r={4.5} style={style} />;
}

function Legend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className={classes.legend}>
      {series.map((s) => (
        <li key={s.key}>
          <svg width={30} height={14} aria-hidden="true" className={classes.swatch}>
            {s.line !== 'none' ? <line x1={2} x2={28} y1={7} y2={7} className={s.line === 'dashed' ? classes.dashed : classes.line} style={{ stroke: colourOf(s) }} /> : null}
            <Marker shape={s.marker} x={15} y={7} colour={colourOf(s)} filled={s.filled ?? false} />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}

export function Chart({
  title,
  titleOrder = 3,
  testId,
  kind,
  categories,
  categoryHeading,
  series,
  ticks,
  formatValue,
  formatTick = String,
  summary,
  extraColumns = [],
  missingText = '—',
  tableTestId,
  children,
  box = DEFAULT_BOX,
}: ChartProps) {
  const axis = axisGeometry(categories, ticks, box, kind);
  const right = box.width - box.right;
  const labelled = new Set(axis.labelled);
  // An overlay only marks a point another series already has: the table reads that series' figure
  // and the category's own label says which one is marked ("(this test)"). A column of its own
  // would read as missing ("not assessed") on every other row.
  const tableSeries = series.filter((s) => !s.overlay);
  return (
    // The figure lays out its parts itself (the module's .figure): a wrapper between it and its
    // figcaption would leave the caption without its figure for screen readers.
    <Paper withBorder radius="md" p="sm" component="figure" m={0} data-testid={testId} className={classes.figure}>
      <Title order={titleOrder} size="h5" component="figcaption">
        {title}
      </Title>
      {categories.length > 0 ? (
        <svg className={classes.chart} viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-label={summary}>
          {axis.yTicks.map(({ value, y }) => (
            <g key={value} data-tick={value}>
              <line className={classes.grid} x1={box.left} x2={right} y1={y} y2={y} />
              <text className={classes.label} x={box.left - 6} y={y} dy="0.35em" textAnchor="end">
                {formatTick(value)}
              </text>
            </g>
          ))}
          <line className={classes.axis} x1={box.left} x2={right} y1={axis.baseline} y2={axis.baseline} />
          {categories.map((category, i) =>
            category.emphasis ? <line key={category.key} className={classes.emphasis} x1={axis.categoryX[i]} x2={axis.categoryX[i]} y1={box.top} y2={axis.baseline} /> : null,
          )}
          {categories.map((category, i) => {
            if (!labelled.has(i)) return null;
            const x = axis.categoryX[i] ?? 0;
            const anchor = kind === 'bar' || categories.length === 1 ? 'middle' : i === 0 ? 'start' : i === categories.length - 1 ? 'end' : 'middle';
            return (
              <text key={category.key} className={classes.label} x={kind === 'line' && anchor === 'start' ? x - 8 : kind === 'line' && anchor === 'end' ? x + 8 : x} y={box.height - 6} textAnchor={anchor} fontWeight={category.emphasis ? 700 : undefined}>
                {category.label}
              </text>
            );
          })}
          {kind === 'bar'
            ? placeBars(series, axis, ticks, box).map((bars, index) => (
                <g key={series[index]?.key} data-series={series[index]?.key}>
                  {bars.map((bar) => (
                    <g key={bar.category} data-category={categories[bar.category]?.key} data-value={bar.value}>
                      <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} style={{ fill: colourOf(series[index] ?? { colour: 'indigo' }) }} />
                      {bar.value > 0 ? (
                        <text className={classes.count} x={bar.x + bar.width / 2} y={bar.y - 4} textAnchor="middle">
                          {formatValue(bar.value)}
                        </text>
                      ) : null}
                    </g>
                  ))}
                </g>
              ))
            : placeLines(series, axis, ticks, box).map(({ series: s, points, path }) => (
                <g key={s.key} data-series={s.key}>
                  {path ? <path className={s.line === 'dashed' ? classes.dashed : classes.line} d={path} style={{ stroke: colourOf(s) }} /> : null}
                  {points.map((point) => (
                    <g key={point.category} data-category={categories[point.category]?.key} data-value={point.value}>
                      <Marker shape={s.marker} x={point.x} y={point.y} colour={colourOf(s)} filled={s.filled ?? false} />
                    </g>
                  ))}
                </g>
              ))}
        </svg>
      ) : null}
      {series.length > 1 ? <Legend series={series} /> : null}
      {children}
      <Text size="xs" c="dimmed">
        {summary}
      </Text>
      <VisuallyHidden>
        <table data-testid={tableTestId}>
          <caption>{title}: the figures</caption>
          <thead>
            <tr>
              <th scope="col">{categoryHeading}</th>
              {extraColumns.map((column) => (
                <th scope="col" key={column.heading}>
                  {column.heading}
                </th>
              ))}
              {tableSeries.map((s) => (
                <th scope="col" key={s.key}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, i) => (
              <tr key={category.key} data-category={category.key}>
                <th scope="row">{category.fullLabel ?? category.label}</th>
                {extraColumns.map((column) => (
                  <td key={column.heading}>{column.values[i]}</td>
                ))}
                {tableSeries.map((s) => {
                  const value = s.values[i];
                  return <td key={s.key}>{value === null || value === undefined ? missingText : formatValue(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
