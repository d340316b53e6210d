import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Fact, Facts } from './AttemptParts';

describe("an attempt's facts", () => {
  it('are a description list, each label a term and its value the description, so a reader pairs them', () => {
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <Facts cols={3}>
          <Fact label="Course">IELTS</Fact>
          <Fact label="Duration">6 min 9 s</Fact>
        </Facts>
      </MantineProvider>,
    );
    const list = /<dl[^>]*>([\s\S]*)<\/dl>/.exec(markup)?.[1] ?? '';
    const pairs = [...list.matchAll(/<div><dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd><\/div>/g)].map((match) => [match[1], match[2]]);
    expect(pairs).toEqual([
      ['Course', 'IELTS'],
      ['Duration', '6 min 9 s'],
    ]);
  });
});
