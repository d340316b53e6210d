import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { AttemptList, ATTEMPTS_SHOWN_STEP } from './AttemptList';

/* My progress of a student with a year's practice: the newest cards first, not all 150 at once. */

function attempt(index: number): ProgressAttempt {
  const bands = { overall: 6, fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 6 };
  return {
    id: `6a1f0b0e-4a8e-4d36-9a57-${String(index).padStart(12, '0')}`,
    kind: 'ielts',
    completedAt: new Date(Date.UTC(2026, 10, 1) - index * 86_400_000).toISOString(),
    assessable: true,
    estimate: bands,
    teacher: null,
    releasedAt: null,
    result: bands,
    resultSource: 'estimate',
    recording: true,
  };
}

function render(count: number): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <AttemptList attempts={Array.from({ length: count }, (_, i) => attempt(i))} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const cards = (html: string) => html.match(/data-testid="progress-attempt"/g)?.length ?? 0;

describe('AttemptList', () => {
  beforeAll(() => {
    vi.stubGlobal('document', { querySelector: () => null });
    return () => vi.unstubAllGlobals();
  });

  it('shows the newest 20 of 150 attempts and offers the next 20', () => {
    const html = render(150);
    expect(ATTEMPTS_SHOWN_STEP).toBe(20);
    expect(cards(html)).toBe(20);
    // The newest first: the first card is attempt 0's, the 21st is not there.
    expect(html).toContain(attempt(0).id);
    expect(html).not.toContain(attempt(20).id);
    expect(html).toContain('Showing the newest 20 of 150 attempts.');
    expect(html).toContain('Show 20 older attempts');
  });

  it('offers only as many as are left, and no button when every attempt is shown', () => {
    expect(render(21)).toContain('Show 1 older attempt<');
    const all = render(20);
    expect(cards(all)).toBe(20);
    expect(all).not.toContain('older attempt');
  });

  it("gives two attempts of one minute links of different names, for a screen reader's list of links; the cards show the minute", () => {
    const first = { ...attempt(0), completedAt: '2026-11-21T08:35:58Z' };
    const second = { ...attempt(1), completedAt: '2026-11-21T08:35:03Z' };
    const html = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <AttemptList attempts={[first, second]} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const links = [...html.matchAll(/<a [^>]*>([\s\S]*?)<\/a>/g)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, ''));
    expect(links).toEqual(['Open this attempt: answers, recording (IELTS speaking test, 21 Nov 2026, 14:05:58)', 'Open this attempt: answers, recording (IELTS speaking test, 21 Nov 2026, 14:05:03)']);
    expect([...html.matchAll(/<time [^>]*>([^<]+)<\/time>/g)].map((match) => match[1])).toEqual(['21 Nov 2026, 14:05', '21 Nov 2026, 14:05']);
  });
});
