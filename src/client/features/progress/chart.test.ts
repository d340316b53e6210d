import { describe, expect, it } from 'vitest';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { progressSeries, seriesGeometry, seriesSummary } from './chart';

const attempt = (id: string, completedAt: string, result: Record<string, number | null>, teacher: Record<string, number | null> | null = null): ProgressAttempt => ({
  id,
  kind: 'ielts',
  completedAt,
  assessable: true,
  estimate: result,
  teacher,
  releasedAt: teacher ? completedAt : null,
  result: { ...result, ...Object.fromEntries(Object.entries(teacher ?? {}).filter(([, v]) => v !== null)) },
  resultSource: teacher ? 'teacher' : 'estimate',
});

describe('progress charts', () => {
  const list = [
    attempt('c', '2026-03-03T10:00:00Z', { overall: 7, fluency: 7, vocabulary: 7, grammar: 7, pronunciation: 7 }),
    attempt('a', '2026-03-01T10:00:00Z', { overall: 5, fluency: 5, vocabulary: 5, grammar: 5, pronunciation: 5 }, { fluency: 6, overall: null }),
    attempt('b', '2026-03-02T10:00:00Z', { overall: null, fluency: null, vocabulary: null, grammar: null, pronunciation: null }),
  ];

  it('gives one series per criterion and the overall, oldest first, the teacher band where released, gaps left out', () => {
    const series = progressSeries('ielts', list);
    expect(series.map((s) => s.key)).toEqual(['overall', 'fluency', 'vocabulary', 'grammar', 'pronunciation']);
    expect(series[0]?.points.map((p) => [p.attemptId, p.value, p.teacher])).toEqual([
      ['a', 5, false],
      ['c', 7, false],
    ]);
    expect(series[1]?.points.map((p) => [p.attemptId, p.value, p.teacher])).toEqual([
      ['a', 6, true],
      ['c', 7, false],
    ]);
    expect(progressSeries('interview', list).every((s) => s.points.length === 0)).toBe(true);
  });

  it('places the points on the 1 to 9 scale and says the trend', () => {
    const [overall] = progressSeries('ielts', list);
    if (!overall) throw new Error('no series');
    const geometry = seriesGeometry(overall, { width: 100, height: 90, left: 10, right: 10, top: 0, bottom: 10 });
    expect(geometry.marks.map((m) => [m.x, m.y])).toEqual([
      [10, 40],
      [90, 20],
    ]);
    expect(seriesSummary(overall)).toBe('Overall: from 5.0 to 7.0 over 2 attempts.');
  });
});
