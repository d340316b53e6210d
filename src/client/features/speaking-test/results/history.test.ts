import { describe, expect, it } from 'vitest';
import { hasEarlierTests, historyCategories, historySeries, teacherSummary, trendSummary, type HistoryPoint } from './history';

const day = (n: number) => Date.parse('2026-11-01T10:00:00Z') + n * 86_400_000;
const entry = (id: string, n: number, overall: number | null, teacherOverall: number | null = null) => ({ attemptId: id, completedAt: new Date(day(n)).toISOString(), overall, teacherOverall });

describe('historySeries', () => {
  it('adds the test just finished, once, after the earlier ones', () => {
    const saved = [entry('a', 1, 5.25), entry('b', 2, null), entry('c', 5, 6.5)];
    const points = historySeries(saved, { attemptId: 'c', completedAt: day(5), overall: 6.5 });
    expect(points.map((point) => [point.attemptId, point.current])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
    ]);
  });

  it('includes an unsubmitted test and keeps only the newest points', () => {
    const saved = Array.from({ length: 20 }, (_, i) => entry(`t${i}`, i, 5));
    const points = historySeries(saved, { attemptId: null, completedAt: day(30), overall: null });
    expect(points).toHaveLength(20);
    expect(points[0]?.attemptId).toBe('t1');
    expect(points.at(-1)).toEqual({ attemptId: null, completedAt: day(30), overall: null, teacherOverall: null, current: true });
  });

  it("keeps each test's released teacher band, the current test's too when its saved copy has one", () => {
    const saved = [entry('a', 1, 5.25, 6), entry('b', 2, 6), entry('c', 5, 6.5, 7)];
    const points = historySeries(saved, { attemptId: 'c', completedAt: day(5), overall: 6.5 });
    expect(points.map((point) => point.teacherOverall)).toEqual([6, null, 7]);
    expect(teacherSummary(points)).toBe(" Your teacher's band on 2 tests, the latest 7.0.");
    expect(teacherSummary(historySeries([entry('a', 1, 5)], { attemptId: null, completedAt: day(2), overall: 5 }))).toBe('');
  });

  it('knows the first test has nothing earlier, also while the history loads', () => {
    expect(hasEarlierTests(historySeries(undefined, { attemptId: 'x', completedAt: day(0), overall: 6 }))).toBe(false);
    expect(hasEarlierTests(historySeries([entry('x', 0, 6)], { attemptId: 'x', completedAt: day(0), overall: 6 }))).toBe(false);
    expect(hasEarlierTests(historySeries([entry('w', -1, 6)], { attemptId: 'x', completedAt: day(0), overall: 6 }))).toBe(true);
  });
});

describe('trendSummary', () => {
  const point = (overall: number | null, current = false): HistoryPoint => ({ attemptId: null, completedAt: 0, overall, teacherOverall: null, current });

  it('says where the band started and ended, and this test', () => {
    expect(trendSummary([point(5.25), point(null), point(6.25, true)])).toBe(
      'Overall band over your last 3 tests: from 5.5 to 6.5, up 1 band. This test: 6.5.',
    );
    expect(trendSummary([point(7), point(6, true)])).toBe('Overall band over your last 2 tests: from 7.0 to 6.0, down 1 band. This test: 6.0.');
    expect(trendSummary([point(6), point(6.5), point(6.1, true)])).toBe('Overall band over your last 3 tests: from 6.0 to 6.0, no change. This test: 6.0.');
    expect(trendSummary([point(6), point(8.5, true)])).toContain('up 2.5 bands');
  });

  it('copes with tests that were not assessed', () => {
    expect(trendSummary([point(null), point(null, true)])).toBe('Overall band over your last 2 tests: none assessed yet. This test: not assessed.');
    expect(trendSummary([point(6), point(null, true)])).toBe('Overall band over your last 2 tests: 6.0, the only one assessed. This test: not assessed.');
  });
});

describe('historyCategories', () => {
  it('labels each test by its date, two on one day by their time, and the test just taken as "This test"', () => {
    const at = (iso: string, current = false, attemptId: string | null = iso): HistoryPoint => ({ attemptId, completedAt: Date.parse(iso), overall: 6, teacherOverall: null, current });
    const categories = historyCategories([at('2026-03-01T09:00:00Z'), at('2026-03-05T09:00:00Z'), at('2026-03-05T15:20:00Z'), at('2026-03-06T08:00:00Z', true, null)], 'UTC');
    expect(categories.map((c) => c.label)).toEqual(['1 Mar', '5 Mar 09:00', '5 Mar 15:20', 'This test']);
    expect(categories.map((c) => c.emphasis)).toEqual([false, false, false, true]);
    expect(categories.at(-1)?.fullLabel).toBe('6 Mar 2026, 08:00 (this test)');
    expect(new Set(categories.map((c) => c.key)).size).toBe(4);
  });
});
