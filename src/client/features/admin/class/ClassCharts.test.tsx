import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WeeklyAverages } from '../../../../shared/api/class-view';
import { WeeklyChart } from './ClassCharts';

const render = (weekly: WeeklyAverages, kind: 'ielts' | 'interview' = 'ielts') =>
  renderToStaticMarkup(
    <MantineProvider>
      <WeeklyChart weekly={weekly} kind={kind} />
    </MantineProvider>,
  );

/** The weekly table's body rows, each cell's text. */
function rows(markup: string): string[][] {
  const body = markup.slice(markup.indexOf('<tbody'), markup.indexOf('</tbody>'));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(([, row = '']) => [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map(([, cell = '']) => cell));
}

const criteria = (averages: Array<number | null>) =>
  ['fluency', 'vocabulary', 'grammar', 'pronunciation'].map((criterion) => ({ criterion, label: criterion, averages }));

describe('the class average per week', () => {
  it('counts the attempts without a band apart from those averaged, and says so', () => {
    const markup = render({
      weeks: [
        { start: '2026-11-16', attempts: 0, banded: 0 },
        { start: '2026-11-23', attempts: 3, banded: 2 },
        { start: '2026-11-30', attempts: 1, banded: 0 },
      ],
      criteria: criteria([null, 6, null]),
    });
    expect(markup).toContain('<th scope="col">With a band</th>');
    expect(rows(markup).map((row) => row.slice(1))).toEqual([
      ['0', '0', 'no band', 'no band', 'no band', 'no band'],
      ['3', '2', '6.0', '6.0', '6.0', '6.0'],
      ['1', '0', 'no band', 'no band', 'no band', 'no band'],
    ]);
    expect(markup).toContain('2 attempts with too little speech for an estimate and no released band are counted but not averaged.');
  });

  it('says nothing of them when every attempt has a score', () => {
    const markup = render({ weeks: [{ start: '2026-11-30', attempts: 2, banded: 2 }], criteria: criteria([7]) }, 'interview');
    expect(markup).toContain('With a score');
    expect(markup).not.toContain('counted but not averaged');
  });
});
