import { describe, expect, it } from 'vitest';
import { chartGeometry, hasEarlierTests, historySeries, trendSummary, type HistoryPoint } from './history';

const day = (n: number) => Date.parse('2026-11-01T10:00:00Z') + n * 86_400_000;
const entry = (id: string, n: number, overall: number | null) => ({ attemptId: id, completedAt: new Date(day(n)).toISOString(), overall });

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
    expect(points.at(-1)).toEqual({ attemptId: null, completedAt: day(30), overall: null, current: true });
  });

  it('knows the first test has nothing earlier, also while the history loads', () => {
    expect(hasEarlierTests(historySeries(undefined, { attemptId: 'x', completedAt: day(0), overall: 6 }))).toBe(false);
    expect(hasEarlierTests(historySeries([entry('x', 0, 6)], { attemptId: 'x', completedAt: day(0), overall: 6 }))).toBe(false);
    expect(hasEarlierTests(historySeries([entry('w', -1, 6)], { attemptId: 'x', completedAt: day(0), overall: 6 }))).toBe(true);
  });
});

describe('trendSummary', () => {
  const point = (overall: number | null, current = false): HistoryPoint => ({ attemptId: null, completedAt: 0, overall, current });

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

describe('chartGeometry', () => {
  const box = { width: 240, height: 100, left: 20, right: 20, top: 10, bottom: 10 };
  const point = (overall: number | null): HistoryPoint => ({ attemptId: null, completedAt: 0, overall, current: false });

  it('spreads the tests evenly and puts band 1 at the bottom and 9 at the top', () => {
    const geometry = chartGeometry([point(1), point(9), point(5)], box);
    expect(geometry.marks.map((mark) => [mark.x, mark.y])).toEqual([
      [20, 90],
      [120, 10],
      [220, 50],
    ]);
    expect(geometry.line).toBe('M20 90L120 10L220 50');
    expect(geometry.bands[0]).toEqual({ band: 1, y: 90 });
    expect(geometry.bands.at(-1)).toEqual({ band: 9, y: 10 });
    expect(geometry.baseline).toBe(90);
  });

  it('breaks the line at a test not assessed and centres a single test', () => {
    expect(chartGeometry([point(5), point(null), point(6), point(7)], box).line).toBe('M20 50M153.3 40L220 30');
    expect(chartGeometry([point(5)], box).marks[0]?.x).toBe(120);
  });
});
