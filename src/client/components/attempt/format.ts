import { formatPerZone } from '../../../shared/date-format';
import { getPublicConfig } from '../../lib/public-config';

const attemptTimeFormat = formatPerZone(
  (timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);
const filterDateFormat = formatPerZone((timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }));
const todayFormat = formatPerZone((timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** "21 Nov 2026, 14:05" at the school (SCHOOL_TIMEZONE), wherever the teacher's device is. */
export function formatAttemptTime(iso: string, timeZone = getPublicConfig().schoolTimezone): string {
  return attemptTimeFormat(timeZone).format(new Date(iso));
}

/** { date: "21 Nov 2026", time: "14:05" } at the school. */
export function formatAttemptDateAndTime(iso: string, timeZone = getPublicConfig().schoolTimezone): { date: string; time: string } {
  const [date = '', time = ''] = formatAttemptTime(iso, timeZone).split(', ');
  return { date, time };
}

/** "Sunday 1 March 2026" for a YYYY-MM-DD date filter (a calendar date: no time zone involved). */
export function formatFilterDate(date: string): string {
  const parts = filterDateFormat('UTC').formatToParts(
    new Date(`${date}T00:00:00Z`),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** Today's date at the school, YYYY-MM-DD. */
export function schoolToday(now = new Date(), timeZone = getPublicConfig().schoolTimezone): string {
  const parts = todayFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "12 min 5 s", "45 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
