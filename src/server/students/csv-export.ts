import { toCsv, UTF8_BOM } from '../../shared/csv.js';
import { EXPORT_COLUMNS } from '../../shared/api/students.js';
import { schoolDate, schoolDateTime } from '../lib/school-day.js';
import type { StudentExportRow } from './admin-rows.js';

function studentCells(s: StudentExportRow, timeZone: string): Array<string | null> {
  return [s.studentName, s.course, s.mobileNumber, s.status, s.email, s.username, schoolDateTime(new Date(s.createdAt), timeZone)];
}

/** The students as a UTF-8 CSV file with a header row (the import's column names) and formula-safe cells. */
export function studentsCsv(rows: readonly StudentExportRow[], timeZone: string): string {
  return (
    UTF8_BOM +
    toCsv([
      EXPORT_COLUMNS,
      ...rows.map((s) => studentCells(s, timeZone)),
    ])
  );
}

/** The same file as studentsCsv, written a page of rows at a time as the pages are read (never the whole file at once). */
export async function* studentsCsvPieces(pages: AsyncIterable<readonly StudentExportRow[]>, timeZone: string): AsyncGenerator<string> {
  yield UTF8_BOM + toCsv([EXPORT_COLUMNS]);
  for await (const rows of pages) yield toCsv(rows.map((s) => studentCells(s, timeZone)));
}

/** "students-2025-03-01.csv", dated in the school's time zone. */
export function exportFileName(now: Date, timeZone: string): string {
  return `students-${schoolDate(now, timeZone)}.csv`;
}
