import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StudentStatusBadge } from './StudentStatusBadge';

describe('StudentStatusBadge', () => {
  it("shows the spec's casing, not Mantine's upper-case badge text, wherever it is used", () => {
    for (const status of ['Activated', 'Deactivated'] as const) {
      const html = renderToStaticMarkup(
        <MantineProvider>
          <StudentStatusBadge status={status} size="lg" />
          <StudentStatusBadge status={status} miw="max-content" />
        </MantineProvider>,
      );
      const badges = [...html.matchAll(/<div[^>]*class="[^"]*mantine-Badge-root[^"]*"[^>]*>/g)].map(([tag]) => tag);
      expect(badges).toHaveLength(2);
      for (const tag of badges) expect(tag).toMatch(/style="[^"]*text-transform:none/);
      expect(html.match(new RegExp(`>${status}<`, 'g'))).toHaveLength(2);
    }
  });
});
