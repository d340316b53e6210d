/*
 * Dates in the school's time zone. "The attempt's date" in the admin lists is the calendar date at the
 * school, so a date filter is a range of instants [start, end) in UTC: from the first moment of that
 * day at the school to the first moment of the next. Days are 23 or 25 hours long around daylight
 * saving changes, so the range is worked out from the zone's real offsets (Intl), never as 24 hours.
 */

import { formatPerZone } from '../../shared/date-format.js';

const DAY_MS = 24 * 3600_000;

const formatterFor = formatPerZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }),
);

/** The wall-clock time at `instantMs` in the zone, as milliseconds of a UTC date with the same fields. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = new Date(0);
  wall.setUTCFullYear(field('year'), field('month') - 1, field('day'));
  wall.setUTCHours(field('hour'), field('minute'), field('second'), 0);
  return wall.getTime();
}

/** The zone's offset from UTC at an instant (ms; Asia/Kolkata gives +5.5 h). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`${date} is not a date written YYYY-MM-DD`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/**
 * The first instant of a calendar day in the zone. Usually local midnight; when a daylight-saving
 * change skips midnight (clocks go from 00:00 to 01:00, as in São Paulo until 2019), the day begins
 * at the change; when midnight happens twice, at the first one.
 */
export function startOfSchoolDay(date: string, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const midnight = new Date(0);
  midnight.setUTCFullYear(year, month - 1, day);
  const wall = midnight.getTime();
  // The offsets a day either side cover both sides of any change on this day.
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].sort((a, b) => a - b);
  const valid = candidates.find((instant) => wallClockMs(instant, timeZone) === wall);
  return new Date(valid ?? wall - before);
}

/** [start, end) of a calendar day in the zone, as UTC instants; end is the start of the next day. */
export function schoolDayRange(date: string, timeZone: string): { start: Date; end: Date } {
  const { year, month, day } = parseDate(date);
  const next = new Date(0);
  next.setUTCFullYear(year, month - 1, day + 1);
  return { start: startOfSchoolDay(date, timeZone), end: startOfSchoolDay(next.toISOString().slice(0, 10), timeZone) };
}

/** The calendar date (YYYY-MM-DD) of an instant in the zone. */
export function schoolDate(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** "2026-03-01 23:59" in the zone: spreadsheet programs read it as a date and time. */
export function schoolDateTime(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 16).replace('T', ' ');
}

const labelFormat = formatPerZone((timeZone) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone }));

/**
 * "21 Nov 2026": the calendar date of an instant in the zone, as the teacher's lists show it. The
 * server writes it into the list (a `createdOn` field) so the page needs no `Intl` of its own: a
 * browser's first `Intl` call sets up its locale data, 100-200 ms of main thread on a mid-range phone
 * (measured at Lighthouse's 4x CPU slowdown), in the middle of the list's first render.
 */
export function schoolDateLabel(instant: Date, timeZone: string): string {
  return labelFormat(timeZone).format(instant);
}
