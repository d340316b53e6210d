import { describe, expect, it } from 'vitest';
import { schoolDate, schoolDateLabel, schoolDateTime, schoolDayRange, startOfSchoolDay, zoneOffsetMs } from './school-day.js';

const iso = (range: { start: Date; end: Date }) => [range.start.toISOString(), range.end.toISOString()];
const hours = (range: { start: Date; end: Date }) => (range.end.getTime() - range.start.getTime()) / 3600_000;

describe('schoolDayRange', () => {
  it('is the local day in Asia/Kolkata (UTC+5:30, no daylight saving)', () => {
    expect(iso(schoolDayRange('2026-03-01', 'Asia/Kolkata'))).toEqual(['2026-02-28T18:30:00.000Z', '2026-03-01T18:30:00.000Z']);
  });

  it('puts 18:29:59Z on 1 March and 18:30:00Z on 2 March in Asia/Kolkata', () => {
    const { start, end } = schoolDayRange('2026-03-01', 'Asia/Kolkata');
    const inRange = (at: string) => new Date(at) >= start && new Date(at) < end;
    expect(inRange('2026-03-01T18:29:59.999Z')).toBe(true);
    expect(inRange('2026-03-01T18:30:00.000Z')).toBe(false);
    expect(inRange('2026-02-28T18:30:00.000Z')).toBe(true);
    expect(inRange('2026-02-28T18:29:59.999Z')).toBe(false);
  });

  it('is 23 hours long when the clocks go forward and 25 when they go back (Europe/London)', () => {
    expect(iso(schoolDayRange('2026-03-29', 'Europe/London'))).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z']);
    expect(hours(schoolDayRange('2026-03-29', 'Europe/London'))).toBe(23);
    expect(iso(schoolDayRange('2026-10-25', 'Europe/London'))).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(hours(schoolDayRange('2026-10-25', 'Europe/London'))).toBe(25);
    // A summer day starts at 23:00 UTC the evening before.
    expect(iso(schoolDayRange('2026-07-01', 'Europe/London'))).toEqual(['2026-06-30T23:00:00.000Z', '2026-07-01T23:00:00.000Z']);
  });

  it('handles zones west of UTC (America/New_York, clocks forward at 02:00)', () => {
    expect(iso(schoolDayRange('2026-03-08', 'America/New_York'))).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  it('starts the day at the change when daylight saving skips midnight (São Paulo, 2018)', () => {
    // On 4 Nov 2018 the clocks went from 00:00 to 01:00: the day began at 00:00 -03 = 03:00Z.
    expect(iso(schoolDayRange('2018-11-04', 'America/Sao_Paulo'))).toEqual(['2018-11-04T03:00:00.000Z', '2018-11-05T02:00:00.000Z']);
    // On 17 Feb 2019 midnight -02 became 23:00 the day before: 17 Feb began at the later midnight, 03:00Z.
    expect(startOfSchoolDay('2019-02-17', 'America/Sao_Paulo').toISOString()).toBe('2019-02-17T03:00:00.000Z');
  });

  it('crosses month and year ends', () => {
    expect(iso(schoolDayRange('2026-12-31', 'Asia/Kolkata'))).toEqual(['2026-12-30T18:30:00.000Z', '2026-12-31T18:30:00.000Z']);
    expect(iso(schoolDayRange('2028-02-29', 'UTC'))).toEqual(['2028-02-29T00:00:00.000Z', '2028-03-01T00:00:00.000Z']);
  });

  it('refuses text that is not a date', () => {
    expect(() => schoolDayRange('1 March', 'Asia/Kolkata')).toThrow(RangeError);
  });
});

describe('dates and times at the school', () => {
  it('reads the offset of a zone at an instant', () => {
    expect(zoneOffsetMs(Date.parse('2026-03-01T00:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3600_000);
    expect(zoneOffsetMs(Date.parse('2026-07-01T00:00:00Z'), 'Europe/London')).toBe(3600_000);
    expect(zoneOffsetMs(Date.parse('2026-01-01T00:00:00Z'), 'Europe/London')).toBe(0);
  });

  it('gives the calendar date and the wall-clock time there', () => {
    expect(schoolDate(new Date('2026-03-01T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-03-01');
    expect(schoolDate(new Date('2026-03-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-03-02');
    expect(schoolDateTime(new Date('2026-03-01T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-03-01 23:59');
    expect(schoolDateTime(new Date('2026-10-25T00:30:00Z'), 'Europe/London')).toBe('2026-10-25 01:30');
    expect(schoolDateTime(new Date('2026-10-25T01:30:00Z'), 'Europe/London')).toBe('2026-10-25 01:30');
  });

  it("writes the day as the teacher's lists show it, on the school's calendar", () => {
    expect(schoolDateLabel(new Date('2026-11-20T18:29:59Z'), 'Asia/Kolkata')).toBe('20 Nov 2026');
    expect(schoolDateLabel(new Date('2026-11-20T18:30:00Z'), 'Asia/Kolkata')).toBe('21 Nov 2026');
    expect(schoolDateLabel(new Date('2026-11-20T18:30:00Z'), 'America/New_York')).toBe('20 Nov 2026');
    expect(schoolDateLabel(new Date('2027-01-01T00:00:00Z'), 'UTC')).toBe('1 Jan 2027');
  });
});
