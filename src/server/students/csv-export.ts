import { toCsv, UTF8_BOM } from '../../shared/csv.js';
import { EXPORT_COLUMNS, type AdminStudent } from '../../shared/api/students.js';

/** "2025-03-01 14:05" in the school's time zone: read as a date and time by spreadsheet programs. */
function schoolDateTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The students as a UTF-8 CSV file with a header row (the import's column names) and formula-safe cells. */
export function studentsCsv(rows: AdminStudent[], timeZone: string): string {
  return (
    UTF8_BOM +
    toCsv([
      EXPORT_COLUMNS,
      ...rows.map((s) => [s.studentName, s.course, s.mobileNumber, s.status, s.email, s.username, schoolDateTime(s.createdAt, timeZone)]),
    ])
  );
}

/** "students-2025-03-01.csv", dated in the school's time zone. */
export function exportFileName(now: Date, timeZone: string): string {
  return `students-${schoolDateTime(now.toISOString(), timeZone).slice(0, 10)}.csv`;
}
