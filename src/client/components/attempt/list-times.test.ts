import { describe, expect, it } from 'vitest';
import { distinctAttemptTimes } from './list-times';

describe("the times a list's links name their attempts by", () => {
  it('are to the minute, as the list shows them, when no other attempt of the list shares the minute', () => {
    expect(distinctAttemptTimes(['2026-11-21T14:05:32Z', '2026-11-21T14:06:10Z', '2026-11-20T14:05:32Z'], 'UTC')).toEqual([
      { date: '21 Nov 2026', time: '14:05' },
      { date: '21 Nov 2026', time: '14:06' },
      { date: '20 Nov 2026', time: '14:05' },
    ]);
  });

  it('give the seconds where two attempts share a minute (at the school), and a number where they share the second', () => {
    expect(distinctAttemptTimes(['2026-11-21T14:05:58Z', '2026-11-21T14:05:03Z', '2026-11-21T14:07:00Z'], 'UTC')).toEqual([
      { date: '21 Nov 2026', time: '14:05:58' },
      { date: '21 Nov 2026', time: '14:05:03' },
      { date: '21 Nov 2026', time: '14:07' },
    ]);
    expect(distinctAttemptTimes(['2026-11-21T08:35:10Z', '2026-11-21T08:35:10.400Z', '2026-11-21T08:35:10.900Z'], 'Asia/Kolkata').map((when) => when.time)).toEqual([
      '14:05:10',
      '14:05:10 #2',
      '14:05:10 #3',
    ]);
    expect(distinctAttemptTimes([], 'UTC')).toEqual([]);
  });
});
