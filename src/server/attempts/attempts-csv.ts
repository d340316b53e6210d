import { attemptListColumns, bandText, CRITERIA_OF, CRITERION_LABELS, KIND_LABELS, type AttemptKind } from '../../shared/api/admin-attempts.js';
import { toCsv, UTF8_BOM } from '../../shared/csv.js';
import type { ExportRow } from './admin-queries.js';
import { schoolDate, schoolDateTime } from '../lib/school-day.js';

/**
 * The columns of an attempts export: the list's columns in its order (spec section 2), then whether
 * an estimate could be given, where the teacher's review stands, the teacher's bands and comment as
 * last saved, the bands released to the student (their result; empty until a release), and the
 * attempt id.
 */
export function exportColumns(kind: AttemptKind): string[] {
  const criteria = CRITERIA_OF[kind].map((criterion) => CRITERION_LABELS[criterion]);
  return [
    ...attemptListColumns(kind),
    'Assessable',
    'Teacher Review',
    'Teacher Overall',
    ...criteria.map((label) => `Teacher ${label}`),
    'Teacher Comment',
    'Released Overall',
    ...criteria.map((label) => `Released ${label}`),
    'Attempt ID',
  ];
}

/**
 * Whether the teacher's bands in the row are what the student sees: a draft is not, and a released
 * review may have saved changes the student does not see yet (as the list's Review column says).
 */
const REVIEW_STATE_TEXT: Record<ExportRow['reviewState'], string> = {
  none: '',
  draft: 'Draft (not released)',
  released: 'Released',
  changed: 'Released (later changes not released)',
};

/**
 * The attempts as a UTF-8 CSV file (with a byte order mark for spreadsheet programs) whose cells are
 * formula-safe (src/shared/csv.ts). Scores as the list shows them; empty where there is none. Dates
 * and times in the school's time zone.
 */
export function attemptsCsv(kind: AttemptKind, rows: readonly ExportRow[], timeZone: string): string {
  return UTF8_BOM + toCsv([exportColumns(kind), ...rows.map(csvRow(kind, timeZone))]);
}

function csvRow(kind: AttemptKind, timeZone: string): (row: ExportRow) => string[] {
  const criteria = CRITERIA_OF[kind];
  const band = (value: number | null | undefined) => (value === null || value === undefined ? '' : bandText(kind, value));
  return (row) => [
    row.studentName,
    row.course,
    row.mobileNumber,
    row.status,
    band(row.overall),
    ...criteria.map((criterion) => band(row.scores?.[criterion])),
    schoolDateTime(new Date(row.createdAt), timeZone),
    row.assessable ? 'Yes' : 'No',
    REVIEW_STATE_TEXT[row.reviewState],
    band(row.teacherScores?.overall),
    ...criteria.map((criterion) => band(row.teacherScores?.[criterion])),
    row.teacherComment ?? '',
    band(row.releasedScores?.overall),
    ...criteria.map((criterion) => band(row.releasedScores?.[criterion])),
    row.id,
  ];
}

/**
 * The same file as attemptsCsv, written a page of rows at a time as the pages are read: the server
 * turns to other requests between pages and never holds the whole file.
 */
export async function* attemptsCsvPieces(kind: AttemptKind, pages: AsyncIterable<readonly ExportRow[]>, timeZone: string): AsyncGenerator<string> {
  yield UTF8_BOM + toCsv([exportColumns(kind)]);
  const toRow = csvRow(kind, timeZone);
  for await (const rows of pages) yield toCsv(rows.map(toRow));
}

/** "ielts-attempts-2026-03-01.csv" for one date, "ielts-attempts-all-to-2026-11-21.csv" for every date. */
export function attemptsExportFileName(kind: AttemptKind, date: string, now: Date, timeZone: string): string {
  const base = KIND_LABELS[kind].file;
  return date ? `${base}-${date}.csv` : `${base}-all-to-${schoolDate(now, timeZone)}.csv`;
}
