import { describe, expect, it } from 'vitest';
import { formatAttemptDateAndTime, formatAttemptTime, formatDuration, formatFilterDate, schoolToday } from './format';

describe('attempt dates at the school', () => {
  it('shows the time in the school time zone, not the device one', () => {
    expect(formatAttemptTime('2026-03-01T18:29:59Z', 'Asia/Kolkata')).toBe('1 Mar 2026, 23:59');
    expect(formatAttemptTime('2026-03-01T18:30:00Z', 'Asia/Kolkata')).toBe('2 Mar 2026, 00:00');
    expect(formatAttemptDateAndTime('2026-07-01T23:30:00Z', 'Europe/London')).toEqual({ date: '2 Jul 2026', time: '00:30' });
  });

  it("gives today's date at the school", () => {
    expect(schoolToday(new Date('2026-03-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-03-02');
    expect(schoolToday(new Date('2026-03-01T18:30:00Z'), 'Europe/London')).toBe('2026-03-01');
  });

  it('names a filter date', () => {
    expect(formatFilterDate('2026-01-01')).toBe('Thursday 1 January 2026');
  });
});

describe('durations', () => {
  it.each([
    [45_400, '45 s'],
    [60_000, '1 min'],
    [95_000, '1 min 35 s'],
    [725_000, '12 min 5 s'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
