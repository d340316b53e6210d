import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Chart, type ChartProps } from './Chart';
import { niceTicks } from './scale';

const PROPS: ChartProps = {
  title: 'Your bands',
  testId: 'bands-chart',
  kind: 'line',
  categories: [
    { key: 'a', label: '1 Nov' },
    { key: 'b', label: '8 Nov' },
  ],
  categoryHeading: 'Test',
  series: [
    { key: 'overall', label: 'Overall', colour: 'indigo', marker: 'circle', values: [6, 6.5] },
    { key: 'fluency', label: 'Fluency', colour: 'teal', marker: 'square', values: [5.5, null] },
  ],
  ticks: niceTicks(5, 7),
  formatValue: (value) => value.toFixed(1),
  summary: 'Overall went from 6.0 to 6.5.',
};

/** The tag names of the figure's own children, in order (its descendants left out). */
function figureChildren(markup: string): string[] {
  const start = markup.indexOf('<figure');
  expect(start).toBeGreaterThanOrEqual(0);
  const children: string[] = [];
  let depth = 0;
  for (const [, closing, tag = '', rest = ''] of markup.slice(start).matchAll(/<(\/?)([a-z][a-z0-9]*)([^>]*)>/g)) {
    const selfClosing = rest.endsWith('/') || ['input', 'img', 'br', 'hr'].includes(tag);
    if (closing) {
      depth--;
      if (depth === 0) break;
    } else {
      if (depth === 1) children.push(tag);
      if (!selfClosing) depth++;
    }
  }
  return children;
}

describe('Chart', () => {
  it('captions its figure with a figcaption that is the figure’s own first child (HTML, and what screen readers go by)', () => {
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <Chart {...PROPS} />
      </MantineProvider>,
    );
    const children = figureChildren(markup);
    expect(children[0]).toBe('figcaption');
    expect(children.filter((tag) => tag === 'figcaption')).toHaveLength(1);
    // The drawing, the legend, the summary and the table for screen readers follow it in the figure itself.
    expect(children.slice(1)).toEqual(['svg', 'ul', 'p', 'span']);
    expect(markup).toMatch(/<figure[^>]*data-testid="bands-chart"[^>]*><figcaption[^>]*>Your bands<\/figcaption>/);
  });

  it('leaves an overlay series (the marked "this test") out of the table: the row label names it, and other rows do not read as missing', () => {
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <Chart
          {...PROPS}
          categories={[
            { key: 'a', label: '1 Nov', fullLabel: '1 Nov 2026' },
            { key: 'b', label: 'This test', fullLabel: '8 Nov 2026 (this test)' },
          ]}
          series={[
            { key: 'earlier', label: 'Estimate', colour: 'indigo', marker: 'circle', values: [6, 6.5] },
            { key: 'current', label: 'This test', colour: 'indigo', marker: 'diamond', line: 'none', overlay: true, values: [null, 6.5] },
          ]}
          missingText="not assessed"
        />
      </MantineProvider>,
    );
    const table = markup.slice(markup.indexOf('<table'), markup.indexOf('</table>'));
    const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    const rows = [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) => text(row[1] ?? ''));
    expect(rows).toEqual(['Test Estimate', '1 Nov 2026 6.0', '8 Nov 2026 (this test) 6.5']);
    expect(table).not.toContain('not assessed');
    // The drawing still marks the point.
    expect(markup).toContain('data-series="current"');
  });
});
