import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WorkOnNext } from '../../../shared/api/progress';
import { workOnNextReason, WorkOnNextCard } from './WorkOnNext';

const WORK: WorkOnNext = {
  criteria: [{ criterion: 'grammar', advice: 'Use more whole sentences.' }],
  means: { fluency: 6, vocabulary: 5.83, grammar: 5.17 },
  tests: 3,
  teacherBands: false,
  shortTests: 0,
  from: { id: '00000000-0000-4000-8000-000000000001', completedAt: '2026-12-06T10:00:00.000Z', latest: true },
};
const dateOf = () => 'Sunday 6 December 2026';

describe("My progress's Work on next", () => {
  it('says which criterion, from what figures over how many tests, and whose bands they are', () => {
    expect(workOnNextReason(WORK, dateOf)).toBe(
      'Your lowest over your last 3 speaking tests: Grammar 5.2 on average, compared with Fluency 6.0 and Vocabulary 5.8 (the estimate; Pronunciation is not included). The advice from your latest test (Sunday 6 December 2026):',
    );
    expect(workOnNextReason({ ...WORK, shortTests: 2 }, dateOf)).toContain(
      '(the estimate; Pronunciation is not included). 2 of 3 were short (under 250 words), so take this as a rough guide. The advice from your latest test',
    );
    expect(workOnNextReason({ ...WORK, shortTests: 3 }, dateOf)).toContain(' All 3 were short (under 250 words)');
    expect(workOnNextReason({ ...WORK, tests: 2, shortTests: 2 }, dateOf)).toContain(' Both were short (under 250 words)');
    expect(workOnNextReason({ ...WORK, tests: 1, teacherBands: true, means: { fluency: 6, vocabulary: 6.5, grammar: 5 } }, dateOf)).toBe(
      "Your lowest in your latest speaking test (Sunday 6 December 2026): Grammar 5.0, compared with Fluency 6.0 and Vocabulary 6.5 (your teacher's bands where your teacher gave them, else the estimate; Pronunciation is not included). Its advice:",
    );
  });

  it("says when the latest test's advice could not be read and the advice is an older test's", () => {
    const older: WorkOnNext = { ...WORK, from: { ...WORK.from, latest: false } };
    expect(workOnNextReason(older, dateOf)).toBe(
      'Your lowest over your last 3 speaking tests: Grammar 5.2 on average, compared with Fluency 6.0 and Vocabulary 5.8 (the estimate; Pronunciation is not included). The advice of your latest test could not be read, so this advice is from your test of Sunday 6 December 2026. The advice:',
    );
    const passed: WorkOnNext = { ...older, criteria: [{ criterion: 'fluency', advice: 'Speak for longer.' }], means: { fluency: 6, vocabulary: 5.5, grammar: 6.5 } };
    expect(workOnNextReason(passed, dateOf)).toContain('so this advice is from your test of Sunday 6 December 2026. Vocabulary is lower, but that test has no more advice for it. The advice:');
  });

  it('says when a lower criterion was passed over because its advice has nothing more to suggest', () => {
    // Vocabulary's newest advice found nothing more to work on (work-on-next.ts passed it over).
    const passed: WorkOnNext = { ...WORK, tests: 1, criteria: [{ criterion: 'fluency', advice: 'Speak for longer.' }], means: { fluency: 6, vocabulary: 5.5, grammar: 6.5 } };
    expect(workOnNextReason(passed, dateOf)).toBe(
      'Your lowest band with advice in your latest speaking test (Sunday 6 December 2026): Fluency 6.0, compared with Vocabulary 5.5 and Grammar 6.5 (the estimate; Pronunciation is not included). Vocabulary is lower, but your latest test has no more advice for it. Its advice:',
    );
    expect(workOnNextReason({ ...passed, means: { fluency: 6, vocabulary: 6, grammar: 6.5 } }, dateOf)).toContain(
      'Vocabulary is as low, but your latest test has no more advice for it.',
    );
    expect(workOnNextReason({ ...passed, means: { fluency: 6, vocabulary: 6, grammar: 5.5 } }, dateOf)).toContain(
      'Vocabulary and Grammar are as low or lower, but your latest test has no more advice for them.',
    );
  });

  it('names criteria level on the lowest mean together, each with its advice', () => {
    const level: WorkOnNext = {
      ...WORK,
      criteria: [
        { criterion: 'fluency', advice: 'Speak for longer.' },
        { criterion: 'grammar', advice: 'Use more whole sentences.' },
      ],
      means: { fluency: 5.17, vocabulary: 5.83, grammar: 5.17 },
    };
    expect(workOnNextReason(level, dateOf)).toBe(
      'Your lowest over your last 3 speaking tests: Fluency and Grammar, both 5.2 on average, compared with Vocabulary 5.8 (the estimate; Pronunciation is not included). The advice from your latest test (Sunday 6 December 2026):',
    );
    const [fluency, grammar] = level.criteria;
    const one = { ...level, tests: 1, criteria: [fluency, { criterion: 'vocabulary' as const, advice: 'Vary your words.' }, grammar].filter((named) => named !== undefined), means: { fluency: 5, vocabulary: 5, grammar: 5 } };
    expect(workOnNextReason(one, dateOf)).toBe(
      'Your lowest in your latest speaking test (Sunday 6 December 2026): Fluency, Vocabulary and Grammar, all 5.0 (the estimate; Pronunciation is not included). Their advice:',
    );
    const html = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <WorkOnNextCard work={level} dateOf={dateOf} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(html).toMatch(/<h2[^>]*id="work-on-next-title"[^>]*>Work on next: Fluency and Grammar<\/h2>/);
    expect(html).toMatch(/<ul[^>]*data-testid="work-on-next-advice"[^>]*><li><strong>Fluency:<\/strong> Speak for longer\.<\/li><li><strong>Grammar:<\/strong> Use more whole sentences\.<\/li><\/ul>/);
  });

  it('is a named section with the advice and a link to the test it comes from', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <WorkOnNextCard work={WORK} dateOf={dateOf} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(html).toContain('aria-labelledby="work-on-next-title"');
    expect(html).toMatch(/<h2[^>]*id="work-on-next-title"[^>]*>Work on next: Grammar<\/h2>/);
    expect(html).toContain('Use more whole sentences.');
    expect(html).toContain('href="/progress/attempts/00000000-0000-4000-8000-000000000001"');
  });
});
