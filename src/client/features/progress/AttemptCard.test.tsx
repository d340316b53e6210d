import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { AttemptCard } from './AttemptCard';

/* A card on My progress says whose the result is, or why there is none, as the results and the teacher's lists do. */

const base: ProgressAttempt = {
  id: '6a1f0b0e-4a8e-4d36-9a57-1f0a2b3c4d5e',
  kind: 'ielts',
  completedAt: '2026-05-01T10:00:00.000Z',
  assessable: false,
  estimate: null,
  teacher: null,
  releasedAt: null,
  result: { overall: null, fluency: null, vocabulary: null, grammar: null, pronunciation: null },
  resultSource: 'none',
  recording: false,
};

/** The card's text as read, tags left out. */
function cardText(attempt: ProgressAttempt): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <AttemptCard attempt={attempt} />
      </MemoryRouter>
    </MantineProvider>,
  )
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'");
}

describe('AttemptCard', () => {
  // The date is shown in the school's time zone, read from the page: no page here, so the default.
  beforeAll(() => {
    vi.stubGlobal('document', { querySelector: () => null });
    return () => vi.unstubAllGlobals();
  });

  it('an estimate: "Estimate only"', () => {
    const bands = { overall: 6.5, fluency: 6.5, vocabulary: 6, grammar: 6.5, pronunciation: 7 };
    const text = cardText({ ...base, assessable: true, estimate: bands, result: bands, resultSource: 'estimate' });
    expect(text).toContain('Estimate only');
    expect(text).toContain('Overall band: 6.5 (estimate)');
  });

  it('an estimate made by the fixed rules before the calibrated one says so, as the charts leave it out', () => {
    const bands = { overall: 6, fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 6 };
    const text = cardText({ ...base, assessable: true, estimate: bands, result: bands, resultSource: 'estimate', earlierRules: true });
    expect(text).toContain('Overall band: 6.0 (estimate by the earlier fixed rules)');
    expect(text).toContain('Estimate by the earlier fixed rules: Fluency');
    const reviewed = cardText({ ...base, assessable: true, estimate: bands, teacher: { ...bands, overall: 5.5 }, result: { ...bands, overall: 5.5 }, resultSource: 'teacher', releasedAt: '2026-05-02T10:00:00.000Z', earlierRules: true });
    expect(reviewed).toContain("(your teacher's); estimate 6.0 by the earlier fixed rules");
  });

  it('an estimate from a short test says it rests on few words, beside the teacher\'s result too', () => {
    const bands = { overall: 3, fluency: 3, vocabulary: 2.5, grammar: 3, pronunciation: 3 };
    const text = cardText({ ...base, assessable: true, estimate: bands, result: bands, resultSource: 'estimate', shortTestWords: 70 });
    expect(text).toContain('Overall band: 3.0 (estimate from only 70 words: a rough guide)');
    const reviewed = cardText({ ...base, assessable: true, estimate: bands, teacher: { ...bands, overall: 5 }, result: { ...bands, overall: 5 }, resultSource: 'teacher', releasedAt: '2026-05-02T10:00:00.000Z', shortTestWords: 70 });
    expect(reviewed).toContain("(your teacher's); estimate 3.0 from only 70 words: a rough guide");
    expect(cardText({ ...base, assessable: true, estimate: bands, result: bands, resultSource: 'estimate' })).not.toContain('rough guide');
  });

  it('not transcribed: awaiting the teacher, no "Estimate only", no "too little speech"', () => {
    const text = cardText({ ...base, awaitingTeacher: true });
    expect(text).toContain('Awaiting your teacher');
    expect(text).toContain('Overall band: — (your teacher will score this test)');
    expect(text).not.toContain('Estimate only');
    expect(text).not.toContain('too little speech');
  });

  it('neither transcribed nor recorded: nothing to score, retake', () => {
    const text = cardText({ ...base, kind: 'interview', result: { overall: null }, nothingToScore: true });
    expect(text).toContain('Nothing to score');
    expect(text).toContain('Overall score: — (nothing to score: retake the interview, in Chrome on a computer or an Android phone if you can)');
    expect(text).not.toContain('Estimate only');
    expect(text).not.toContain('too little speech');
  });

  it('too little speech: says so, with no "Estimate only"', () => {
    const text = cardText(base);
    expect(text).toContain('No estimate');
    expect(text).toContain('Overall band: — (too little speech to assess)');
    expect(text).not.toContain('Estimate only');
  });

  it("names the attempt in its link, so a screen reader's list of links tells one card's link from another's", () => {
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <AttemptCard attempt={{ ...base, kind: 'interview', recording: true }} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const link = /<a [^>]*>([\s\S]*?)<\/a>/.exec(markup)?.[1] ?? '';
    const shownTime = /<time [^>]*>([^<]+)<\/time>/.exec(markup)?.[1] ?? '';
    expect(shownTime).not.toBe('');
    expect(link.replace(/<[^>]+>/g, '')).toBe(`Open this attempt: answers, recording (Mock interview, ${shownTime})`);
  });
});
