import { toCsv, UTF8_BOM } from '../../shared/csv.js';
import { EXPORT_COLUMNS } from '../../shared/api/students.js';
import { schoolDate, schoolDateTime } from '../lib/school-day.js';
import type { StudentExportRow } from './admin-rows.js';

/** The students as a UTF-8 CSV file with a header row (the import's column names) and formula-safe cells. */
export function studentsCsv(rows: readonly StudentExportRow[], timeZone: string): string {
  return (
    UTF8_BOM +
    toCsv([
      EXPORT_COLUMNS,
      ...rows.map((s) => [s.studentName, s.course, s.mobileNumber, s.status, s.email, s.username, schoolDateTime(new Date(s.createdAt), timeZone)]),
    ])
  );
}

/** "students-2025-03-01.csv", dated in the school's time zone. */
export function exportFileName(now: Date, timeZone: string): string {
  return `students-${schoolDate(now, timeZone)}.csv`;
}
