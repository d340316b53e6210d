/**
 * Writing CSV files (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break), safe to open in a spreadsheet: a cell starting with = + - @ (or a
 * tab, carriage return or line feed) would be run as a formula there, so it gets a leading
 * apostrophe (OWASP's advice on CSV injection). So does a cell that starts so only once a
 * spreadsheet folds look-alikes (full-width ＝＋－＠, small ﹦﹢﹣﹫, the minus sign −) or skips
 * leading spaces and invisible characters. Reading a file back undoes that (unguardCsvCell).
 *
 * A spreadsheet can also start a cell inside one of ours: where the list separator is ; (Excel and
 * LibreOffice in much of Europe) every semicolon starts a new cell and this file's commas and quotes
 * mean nothing, so "Asha;=1+2" opens as "Asha" and the formula =1+2; a tab does the same where tabs
 * separate, and there a line break inside quotes ends the row. OWASP's CSV-injection advice names
 * this: each part after a ; tab or line break that would start a formula gets the apostrophe too.
 */

const FORMULA_START = /^[=+\-@\t\r\n]/;
const LEADING_BLANKS = /^[\s\u200B-\u200D\u2060\uFEFF]+/u;

/** Whether a spreadsheet could read the cell as a formula. */
export function startsLikeFormula(text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  const folded = text.normalize('NFKC').replace(LEADING_BLANKS, '').replace(/^\u2212/u, '-');
  return /^[=+\-@]/.test(folded);
}

/** Where a spreadsheet may start a new cell inside one of ours (kept in the split's result). */
const INNER_CELL_START = /([;\t\r\n])/;

/** The text with each part after an inner cell start changed by `change` (the first part is not). */
function eachInnerPart(text: string, change: (part: string) => string): string {
  if (!INNER_CELL_START.test(text)) return text;
  return text
    .split(INNER_CELL_START)
    .map((part, index) => (index % 2 === 0 && index > 0 ? change(part) : part))
    .join('');
}

const guardPart = (text: string) => (startsLikeFormula(text) ? `'${text}` : text);
const unguardPart = (text: string) => (text.startsWith("'") && startsLikeFormula(text.slice(1)) ? text.slice(1) : text);

export function guardCsvCell(text: string): string {
  return eachInnerPart(guardPart(text), guardPart);
}

/** The cell as written by guardCsvCell, back to what it was: "'+919876543210" -> "+919876543210", "Asha;'=1" -> "Asha;=1". */
export function unguardCsvCell(text: string): string {
  return unguardPart(eachInnerPart(text, unguardPart));
}

export function csvCell(value: string | number | null | undefined): string {
  const text = guardCsvCell(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text with a final line end. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The byte order mark that tells spreadsheet programs (Excel) the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';
