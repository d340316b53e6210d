import { describe, expect, it } from 'vitest';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { alignedPoints, CHART_ATTEMPTS, earlierRulesNote, notDrawnNote, progressSeries, seriesSummary, shortTestsNote, TEACHER_LABEL } from './chart';

const attempt = (id: string, completedAt: string, estimate: Record<string, number | null> | null, teacher: Record<string, number | null> | null = null): ProgressAttempt => ({
  id,
  kind: 'ielts',
  completedAt,
  assessable: estimate !== null,
  estimate,
  teacher,
  releasedAt: teacher ? completedAt : null,
  result: { ...estimate, ...Object.fromEntries(Object.entries(teacher ?? {}).filter(([, v]) => v !== null)) },
  resultSource: teacher ? 'teacher' : estimate ? 'estimate' : 'none',
  recording: false,
});

describe('progress charts', () => {
  const list = [
    attempt('c', '2026-03-03T10:00:00Z', { overall: 7, fluency: 7, vocabulary: 7, grammar: 7, pronunciation: 7 }, { overall: 6.5, fluency: 6.5, vocabulary: null, grammar: null, pronunciation: null }),
    attempt('a', '2026-03-01T10:00:00Z', { overall: 5, fluency: 5, vocabulary: 5, grammar: 5, pronunciation: 5 }, { fluency: 6, overall: null }),
    attempt('b', '2026-03-02T10:00:00Z', null),
  ];

  it('gives one chart per criterion and the overall, oldest first, the estimate and the teacher band apart, attempts with neither left out', () => {
    const series = progressSeries('ielts', list);
    expect(series.map((s) => s.key)).toEqual(['overall', 'fluency', 'vocabulary', 'grammar', 'pronunciation']);
    expect(series[0]?.points.map((p) => [p.attemptId, p.estimate, p.teacher])).toEqual([
      ['a', 5, null],
      ['c', 7, 6.5],
    ]);
    expect(series[1]?.points.map((p) => [p.attemptId, p.estimate, p.teacher])).toEqual([
      ['a', 5, 6],
      ['c', 7, 6.5],
    ]);
    expect(progressSeries('interview', list).every((s) => s.points.length === 0)).toBe(true);
  });

  it("draws only the teacher's Pronunciation bands: its estimate follows the other three, not a measurement", () => {
    const pronunciation = progressSeries('ielts', list).find((s) => s.key === 'pronunciation');
    if (!pronunciation) throw new Error('no series');
    expect(pronunciation.teacherOnly).toBe(true);
    expect(pronunciation.points).toEqual([]);
    expect(seriesSummary(pronunciation)).toBe("Pronunciation: not measured from a transcript; your teacher's band shows here once they listen to a recording.");
    const heard = progressSeries('ielts', [attempt('e', '2026-03-05T10:00:00Z', { overall: 6, pronunciation: 6 }, { overall: 6.5, pronunciation: 7 })]).find((s) => s.key === 'pronunciation');
    expect(heard?.points.map((p) => [p.estimate, p.teacher])).toEqual([[null, 7]]);
    expect(heard && seriesSummary(heard)).toBe("Pronunciation: your teacher's band 7.0 on 1 attempt.");
    // The interview's criteria are all measured.
    expect(progressSeries('interview', [{ ...attempt('f', '2026-03-05T10:00:00Z', { overall: 5, clarity: 5 }), kind: 'interview' }]).every((s) => !s.teacherOnly)).toBe(true);
  });

  it('plots the band as shown: an estimated overall of 4.625 and a teacher mean of 6.375 are 4.5 and 6.5, as their labels say', () => {
    const unrounded = [attempt('d', '2026-03-04T10:00:00Z', { overall: 4.625, fluency: 4.5 }, { overall: 6.375, fluency: 6 })];
    const [overall] = progressSeries('ielts', unrounded);
    expect(overall?.points.map((p) => [p.estimate, p.teacher])).toEqual([[4.5, 6.5]]);
    if (!overall) throw new Error('no series');
    expect(seriesSummary(overall)).toBe("Overall: estimate 4.5 on 1 attempt; your teacher's band 6.5 on 1 attempt.");
  });

  it('says both trends: an estimate of 7.0 and a teacher band of 6.5 are two series, not a decline', () => {
    const [overall, fluency] = progressSeries('ielts', list);
    if (!overall || !fluency) throw new Error('no series');
    expect(seriesSummary(overall)).toBe("Overall: estimate from 5.0 to 7.0 over 2 attempts; your teacher's band 6.5 on 1 attempt.");
    expect(seriesSummary(fluency)).toBe("Fluency: estimate from 5.0 to 7.0 over 2 attempts; your teacher's band from 6.0 to 6.5 over 2 attempts.");
    expect(seriesSummary({ kind: 'ielts', key: 'grammar', label: 'Grammar', points: [], earlier: 0, earlierRules: 0 })).toBe('Grammar: no result yet.');
  });

  it(`a year of practice: each chart draws the last ${CHART_ATTEMPTS} attempts and says so`, () => {
    const year = Array.from({ length: 170 }, (_, i) =>
      attempt(`t${i}`, new Date(Date.UTC(2025, 11, 1) + i * 2 * 86_400_000).toISOString(), { overall: 5 + (i % 3) * 0.5, fluency: 5, vocabulary: 5, grammar: 5, pronunciation: 5 }),
    );
    const [overall] = progressSeries('ielts', year);
    expect(overall?.points).toHaveLength(CHART_ATTEMPTS);
    expect(overall?.points[0]?.attemptId).toBe('t140');
    expect(overall?.points.at(-1)?.attemptId).toBe('t169');
    expect(seriesSummary(overall!)).toMatch(/over 30 attempts\. Your last 30 of 170 attempts\.$/);
    // A short history: every attempt, and no such sentence.
    expect(seriesSummary(progressSeries('ielts', year.slice(0, 12))[0]!)).not.toContain('Your last');
  });

  it('does not draw an estimate made by the earlier fixed rules on the line of the calibrated ones, and says so; the teacher band stays', () => {
    const bands = (value: number) => ({ overall: value, fluency: value, vocabulary: value, grammar: value, pronunciation: value });
    const upgraded = [
      { ...attempt('old1', '2026-01-01T10:00:00Z', bands(6.5)), earlierRules: true as const },
      { ...attempt('old2', '2026-01-08T10:00:00Z', bands(6.5), { ...bands(5), overall: 5 }), earlierRules: true as const },
      attempt('new', '2026-02-01T10:00:00Z', bands(5.5)),
    ];
    const [overall] = progressSeries('ielts', upgraded);
    if (!overall) throw new Error('no series');
    expect(overall.points.map((p) => [p.attemptId, p.estimate, p.teacher])).toEqual([
      ['old2', null, 5],
      ['new', 5.5, null],
    ]);
    expect(seriesSummary(overall)).toBe("Overall: estimate 5.5 on 1 attempt; your teacher's band 5.0 on 1 attempt.");
    expect(earlierRulesNote(overall)).toBe(
      'The estimates of 2 earlier attempts are not on the charts: they were made by the simpler fixed rules Parley used before its current estimate, so they cannot be compared with later ones. Every attempt is listed below.',
    );
    expect(earlierRulesNote(progressSeries('ielts', upgraded.slice(1))[0])).toMatch(/^The estimate of one earlier attempt is not on the charts:/);
    expect(earlierRulesNote(progressSeries('ielts', upgraded.slice(2))[0])).toBeNull();
  });

  it("an interview's teacher gives scores, not bands: the legend and the sentence say so, as its cards do", () => {
    const interview = (id: string, completedAt: string, estimate: Record<string, number>, teacher: Record<string, number> | null = null): ProgressAttempt => ({
      ...attempt(id, completedAt, estimate, teacher),
      kind: 'interview',
    });
    const [overall] = progressSeries('interview', [interview('i1', '2026-03-01T10:00:00Z', { overall: 4, clarity: 4.6 }, { overall: 6, clarity: 6 })]);
    if (!overall) throw new Error('no series');
    expect(seriesSummary(overall)).toBe("Overall: estimate 4 on 1 attempt; your teacher's score 6 on 1 attempt.");
    expect(TEACHER_LABEL).toEqual({ ielts: "Teacher's band", interview: "Teacher's score" });
  });

  it('says a flat line as flat, and the lowest and highest where the attempts between lie outside the first and the last', () => {
    const interview = (id: string, day: number, clarity: number): ProgressAttempt => ({ ...attempt(id, `2026-03-0${day}T10:00:00Z`, { overall: 4, clarity }), kind: 'interview' });
    const series = (values: number[]) => progressSeries('interview', values.map((value, i) => interview(`i${i}`, i + 1, value))).find((s) => s.key === 'clarity');
    const flat = series([0.6, 0.6, 0.6, 0.6]);
    const dipped = series([2.7, 4.6, 3.1, 2.7]);
    const rising = series([2.7, 5.5, 3.1, 4.6]);
    const both = series([3.1, 1.5, 5.5, 4.6]);
    if (!flat || !dipped || !rising || !both) throw new Error('no series');
    expect(seriesSummary(flat)).toBe('Clarity: estimate 0.6 on each of 4 attempts.');
    expect(seriesSummary(dipped)).toBe('Clarity: estimate 2.7 at the first and the last of 4 attempts (highest 4.6).');
    expect(seriesSummary(rising)).toBe('Clarity: estimate from 2.7 to 4.6 (highest 5.5) over 4 attempts.');
    expect(seriesSummary(both)).toBe('Clarity: estimate from 3.1 to 4.6 (lowest 1.5, highest 5.5) over 4 attempts.');
  });

  it('names the tests whose estimate rests on a short test, above the charts that draw them', () => {
    const bands = (value: number) => ({ overall: value, fluency: value, vocabulary: value, grammar: value, pronunciation: value });
    const day = (iso: string) => iso.slice(0, 10);
    const month = [
      attempt('w1', '2026-03-01T10:00:00Z', bands(4)),
      { ...attempt('s1', '2026-03-08T10:00:00Z', bands(3)), shortTestWords: 70 },
      attempt('w2', '2026-03-15T10:00:00Z', bands(4.5)),
    ];
    expect(shortTestsNote('ielts', month, day)).toBe('The estimate of your test on 2026-03-08 is based on only 70 words, so read it as a rough guide, not as a change in your level.');
    expect(shortTestsNote('ielts', [...month, { ...attempt('s2', '2026-03-20T10:00:00Z', bands(6)), shortTestWords: 120 }], day)).toBe(
      'The estimates of 2 tests (2026-03-08, 2026-03-20) are each based on fewer than 250 words, so read them as rough guides, not as changes in your level.',
    );
    // Two on one day name the day once.
    expect(shortTestsNote('ielts', [...month, { ...attempt('s3', '2026-03-08T16:00:00Z', bands(3.5)), shortTestWords: 90 }], day)).toBe(
      'The estimates of 2 tests (2026-03-08) are each based on fewer than 250 words, so read them as rough guides, not as changes in your level.',
    );
    expect(shortTestsNote('ielts', month.filter((a) => a.id !== 's1'), day)).toBeNull();
    expect(shortTestsNote('interview', month, day)).toBeNull();
  });

  it("draws the teacher's Pronunciation bands on the overall's attempts, so its dates line up with the charts beside it", () => {
    const bands = (value: number) => ({ overall: value, fluency: value, vocabulary: value, grammar: value, pronunciation: value });
    const month = [
      attempt('r1', '2026-03-01T10:00:00Z', bands(3), bands(4.5)),
      attempt('e1', '2026-03-05T10:00:00Z', bands(3.5)),
      attempt('r2', '2026-03-09T10:00:00Z', bands(3.5), bands(5.5)),
      attempt('e2', '2026-03-20T10:00:00Z', bands(4.5)),
    ];
    const series = progressSeries('ielts', month);
    const [overall] = series;
    const pronunciation = series.find((s) => s.key === 'pronunciation');
    if (!overall || !pronunciation) throw new Error('no series');
    expect(pronunciation.points.map((p) => p.attemptId)).toEqual(['r1', 'r2']);
    expect(alignedPoints(pronunciation, overall).map((p) => [p.attemptId, p.estimate, p.teacher])).toEqual([
      ['r1', null, 4.5],
      ['e1', null, null],
      ['r2', null, 5.5],
      ['e2', null, null],
    ]);
    // Every other chart keeps its own points.
    expect(alignedPoints(overall, overall)).toBe(overall.points);
    const fluency = series.find((s) => s.key === 'fluency');
    expect(fluency && alignedPoints(fluency, overall)).toBe(fluency?.points);
  });

  it('says which attempts the charts leave out for want of a band, and that one drawn attempt starts the line', () => {
    const bands = (value: number) => ({ overall: value, fluency: value, vocabulary: value, grammar: value, pronunciation: value });
    const firefox: ProgressAttempt = { ...attempt('ff', '2026-03-03T10:00:00Z', null), awaitingTeacher: true };
    const month = [attempt('a', '2026-03-01T10:00:00Z', bands(4)), firefox, attempt('b', '2026-03-05T10:00:00Z', bands(4.5))];
    expect(notDrawnNote('ielts', month)).toBe('1 test without a band yet (awaiting your teacher) is in the list below but not on the charts.');
    expect(notDrawnNote('ielts', [...month, attempt('c', '2026-03-07T10:00:00Z', null)])).toBe('2 tests without a band (awaiting your teacher, too little speech) are in the list below but not on the charts.');
    expect(notDrawnNote('ielts', month.filter((a) => a.id !== 'ff'))).toBeNull();
    expect(notDrawnNote('ielts', [attempt('a', '2026-03-01T10:00:00Z', bands(4))])).toBe('Only one test is on the charts so far: your next test will start the line.');
    // A test the earlier rules scored is listed but not drawn: with a calibrated one beside it, one is drawn.
    const earlier = { ...attempt('e', '2026-02-01T10:00:00Z', bands(5)), earlierRules: true as const };
    expect(notDrawnNote('ielts', [earlier])).toBeNull();
    expect(notDrawnNote('ielts', [earlier, attempt('a', '2026-03-01T10:00:00Z', bands(4))])).toBe('Only one test is on the charts so far: your next test will start the line.');
    expect(notDrawnNote('interview', [{ ...attempt('i', '2026-03-01T10:00:00Z', { overall: 4 }), kind: 'interview' }])).toBe('Only one interview is on the charts so far: your next interview will start the line.');
  });
});
