import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttemptListRow } from '../../../../shared/api/admin-attempts';
import type { StudentAttemptRow } from '../../../../shared/api/admin-student-attempts';
import { StudentAttemptsTable } from '../student-page/StudentAttemptsTable';
import { AttemptsTable } from './AttemptsTable';

/* A teacher's lists of attempts as a screen reader's list of links reads them: one name per attempt. */

const row = (id: number, createdAt: string): AttemptListRow => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  studentName: 'Asha Rao',
  course: 'IELTS',
  mobileNumber: '+919876543210',
  mobileNumberDisplay: '+91 98765 43210',
  status: 'Activated',
  assessable: true,
  scores: { fluency: 6.5, vocabulary: 6, grammar: 6, pronunciation: 6, overall: 6.125 },
  overall: 6.125,
  teacherScores: null,
  reviewed: false,
  reviewState: 'none',
  releasedScores: null,
  reviewerName: null,
  releasedByName: null,
  createdAt,
});

/** The names of the Review links, table rows then phone cards (both are in the markup; CSS shows one). */
const reviewLinks = (markup: string) =>
  [...markup.matchAll(/<a [^>]*>([\s\S]*?)<\/a>/g)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, '')).filter((name) => name.startsWith('Review'));

describe("a teacher's list of attempts", () => {
  // A page without the server's public config: the school's default time zone (lib/public-config.ts).
  beforeAll(() => {
    vi.stubGlobal('document', { querySelector: () => null });
    return () => vi.unstubAllGlobals();
  });
  // 08:35 UTC is 14:05 at the school (Asia/Kolkata).
  const rows = [row(1, '2026-11-21T08:35:58Z'), row(2, '2026-11-21T08:35:03Z'), row(3, '2026-11-21T08:37:00Z')];

  it('names each Review link apart when one student saved two attempts in the same minute: the seconds say which', () => {
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <AttemptsTable kind="ielts" attempts={rows} loading={false} emptyText="" backTo="/admin" />
        </MemoryRouter>
      </MantineProvider>,
    );
    const names = [
      'Review the attempt of Asha Rao, 21 Nov 2026 14:05:58 (awaiting review)',
      'Review the attempt of Asha Rao, 21 Nov 2026 14:05:03 (awaiting review)',
      'Review the attempt of Asha Rao, 21 Nov 2026 14:07 (awaiting review)',
    ];
    expect(reviewLinks(markup)).toEqual([...names, ...names]);
  });

  it("does so on the student's own page, where attempts of both kinds share the list", () => {
    const attempts: StudentAttemptRow[] = rows.map((attempt, i) => ({ ...attempt, kind: i === 0 ? 'interview' : 'ielts' }));
    const markup = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <StudentAttemptsTable attempts={attempts} loading={false} backTo="/admin/students/1" />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(new Set(reviewLinks(markup)).size).toBe(3);
  });
});
