import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from '../../shared/zod.js';
import { unguardCsvCell } from '../../shared/csv.js';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  REQUIRED_IMPORT_COLUMNS,
  studentForm,
  type ImportColumn,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type StudentFormValues,
} from '../../shared/api/students.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
import type { Db } from '../db/open.js';
import { courses } from '../db/schema.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { uniqueViolationConstraint } from '../lib/sql-errors.js';
import { invalidateReadCaches } from '../db/read-cache.js';
import { findAdminStudents } from './admin-rows.js';
import { duplicateMobileMessage, duplicateUsernameMessage, GENERATED_PASSWORD_GROUPS, insertStudentAccount, takenIdentifiers } from './admin-service.js';

/** Header spellings read as each column: "Student Name", "student_name" and "studentName" are one. */
const HEADER_ALIASES: Record<string, ImportColumn> = {
  studentname: 'studentName',
  name: 'studentName',
  course: 'course',
  coursename: 'course',
  mobilenumber: 'mobileNumber',
  mobile: 'mobileNumber',
  phone: 'mobileNumber',
  phonenumber: 'mobileNumber',
  status: 'status',
  email: 'email',
  emailaddress: 'email',
  username: 'username',
  password: 'password',
};

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface ImportRow {
  line: number;
  cells: Record<ImportColumn, string>;
}

/** Reads the file: a header row naming the columns (any order), then one student per row. */
export function parseImportCsv(csv: string): { rows: ImportRow[]; ignoredColumns: string[] } {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(csv.replace(/\r\n?/g, '\n'), { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [header, ...body] = records;
  if (!header) throw badRequest('The file is empty. Its first row must name the columns: ' + IMPORT_COLUMNS.join(', '));

  const columnAt = new Map<ImportColumn, number>();
  const ignoredColumns: string[] = [];
  header.record.forEach((name, index) => {
    // Own keys only: a column named "constructor" is not Object's (the aliases are a plain object).
    const key = headerKey(name);
    const column = Object.hasOwn(HEADER_ALIASES, key) ? HEADER_ALIASES[key] : undefined;
    if (!column) {
      if (name.trim()) ignoredColumns.push(name.trim());
      return;
    }
    if (columnAt.has(column)) throw badRequest(`The column "${column}" appears twice in the first row.`);
    columnAt.set(column, index);
  });
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !columnAt.has(column));
  if (missing.length > 0) {
    throw badRequest(
      `The first row must name the columns; ${missing.map((c) => `"${c}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        `Columns: ${IMPORT_COLUMNS.join(', ')} (status, email, username and password may be left out).`,
    );
  }

  const rows = body
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''))
    .map(({ record, info }): ImportRow => {
      const cells = Object.fromEntries(
        IMPORT_COLUMNS.map((column) => {
          const index = columnAt.get(column);
          return [column, index === undefined ? '' : unguardCsvCell(record[index] ?? '')];
        }),
      ) as Record<ImportColumn, string>;
      return { line: info.lines, cells };
    });
  if (rows.length === 0) throw badRequest('The file has a header row but no students.');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw badRequest(`The file has ${rows.length} students; at most ${IMPORT_MAX_ROWS} can be imported at once. Split it into smaller files.`);
  }
  return { rows, ignoredColumns };
}

/**
 * The replacement character: what a character became when the file was once read in the wrong
 * encoding (the modal reads Windows-1252 files as such, so it comes from a file saved broken, or a
 * client of its own). Stored, the student's name would keep it for good.
 */
const UNREADABLE = '\uFFFD';
const UNREADABLE_MESSAGE = `holds "${UNREADABLE}" where a character was lost to the file's encoding; correct it in the file (saved as CSV UTF-8) and choose it again`;

/** One row's fields checked by the same rules as the Add Student form, with the course given by name. */
function rowSchema(region: string) {
  return studentForm(region)
    .omit({ course: true, courseId: true })
    .extend({ course: z.string().trim().min(1, 'Enter the course name') });
}

export interface AnalysedRow {
  preview: ImportPreviewRow;
  /** Set when the row has no problems. */
  values: StudentFormValues | null;
}

function statusCell(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return ['Activated', 'Deactivated'].find((status) => status.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
}

/**
 * Every row's problems, without writing anything: the form's field rules, the course (an active
 * course, by name, any case), and mobile numbers and usernames already taken, in the database or by
 * an earlier row of the file.
 */
export async function analyseImport(db: Db, rows: ImportRow[], region: string): Promise<AnalysedRow[]> {
  const schema = rowSchema(region);
  const activeCourses = await db.select().from(courses).where(eq(courses.isActive, true));
  const courseByName = new Map(activeCourses.map((course) => [course.courseName.toLowerCase(), course]));

  const checked = rows.map(({ line, cells }) => {
    const parsed = schema.safeParse({ ...cells, status: statusCell(cells.status) });
    const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    for (const column of IMPORT_COLUMNS) if (cells[column].includes(UNREADABLE)) problems.push(`${column}: ${UNREADABLE_MESSAGE}`);
    const course = courseByName.get(cells.course.trim().toLowerCase());
    if (cells.course.trim() && !course) {
      const names = activeCourses.map((c) => c.courseName).join(', ');
      problems.push(`course: there is no active course named "${cells.course.trim()}" (active: ${names || 'none'})`);
    }
    const values: StudentFormValues | null =
      parsed.success && course ? { ...parsed.data, course: course.courseName, courseId: course.id } : null;
    return { line, cells, problems, values, parsedData: parsed.success ? parsed.data : null };
  });

  const taken = await takenIdentifiers(
    db,
    checked.flatMap((row) => (row.parsedData ? [row.parsedData.mobileNumber] : [])),
    checked.flatMap((row) => (row.parsedData?.username ? [row.parsedData.username] : [])),
  );
  const mobileLine = new Map<string, number>();
  const usernameLine = new Map<string, number>();
  for (const row of checked) {
    const data = row.parsedData;
    if (!data) continue;
    const holder = taken.mobileHolders.get(data.mobileNumber);
    const earlierMobile = mobileLine.get(data.mobileNumber);
    if (holder !== undefined) row.problems.push(`mobileNumber: ${duplicateMobileMessage(data.mobileNumber, holder)}`);
    else if (earlierMobile !== undefined) row.problems.push(`mobileNumber: the same number as line ${earlierMobile}`);
    else mobileLine.set(data.mobileNumber, row.line);
    if (data.username) {
      const earlierUsername = usernameLine.get(data.username);
      if (taken.usernames.has(data.username)) row.problems.push(`username: ${duplicateUsernameMessage(data.username)}`);
      else if (earlierUsername !== undefined) row.problems.push(`username: the same username as line ${earlierUsername}`);
      else usernameLine.set(data.username, row.line);
    }
  }

  return checked.map(({ line, cells, problems, values, parsedData }) => ({
    preview: {
      line,
      studentName: cells.studentName.trim(),
      course: cells.course.trim(),
      mobileNumber: parsedData?.mobileNumber ?? cells.mobileNumber.trim(),
      status: statusCell(cells.status) ?? 'Activated',
      email: cells.email.trim(),
      username: parsedData?.username ?? cells.username.trim(),
      password: cells.password ? 'given' : 'generated',
      problems,
    },
    values: problems.length === 0 ? values : null,
  }));
}

export function toPreview(analysed: AnalysedRow[], ignoredColumns: string[]): ImportPreview {
  const rows = analysed.map((row) => row.preview);
  const validCount = rows.filter((row) => row.problems.length === 0).length;
  return { rows, validCount, invalidCount: rows.length - validCount, ignoredColumns };
}

/** Hashes a few at a time: each takes tens of milliseconds on the libuv thread pool. */
async function hashAll(passwords: string[], concurrency = 4): Promise<string[]> {
  const hashes: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < passwords.length; index = next++) hashes[index] = await hashPassword(passwords[index] ?? '');
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, passwords.length) }, worker));
  return hashes;
}

export const NOTHING_TO_IMPORT_MESSAGE = 'No row of the file can be imported. Fix the problems shown in the preview and try again.';

/**
 * Writes every valid row in one transaction: all of them or, when anything fails on the way (a
 * number taken a moment ago, a course deactivated meanwhile, the database), none.
 */
export async function commitImport(db: Db, analysed: AnalysedRow[]): Promise<ImportResult> {
  const valid = analysed.flatMap((row) => (row.values ? [{ line: row.preview.line, values: row.values }] : []));
  if (valid.length === 0) throw badRequest(NOTHING_TO_IMPORT_MESSAGE);
  const passwords = valid.map(({ values }) => values.password ?? generatePassword(GENERATED_PASSWORD_GROUPS));
  const hashes = await hashAll(passwords);
  let ids: number[];
  try {
    ids = await db.transaction(async (tx) => {
      const courseIds = [...new Set(valid.map(({ values }) => values.courseId))];
      const locked = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(inArray(courses.id, courseIds), eq(courses.isActive, true)))
        .for('share');
      if (locked.length !== courseIds.length) throw conflict('Nothing was imported: a course of the file was deactivated or deleted meanwhile. Preview the file again.');
      const created: number[] = [];
      for (const [index, { values }] of valid.entries()) {
        created.push(await insertStudentAccount(tx, values, hashes[index] ?? ''));
      }
      return created;
    });
  } catch (error) {
    if (uniqueViolationConstraint(error) !== undefined) {
      throw conflict('Nothing was imported: a mobile number or username of the file was taken meanwhile. Preview the file again.');
    }
    throw error;
  }
  invalidateReadCaches(db);
  const byId = new Map((await findAdminStudents(db, ids)).map((student) => [student.id, student]));
  return {
    created: valid.map(({ line, values }, index) => {
      const student = byId.get(ids[index] ?? -1);
      if (!student) throw new Error(`imported student of line ${line} vanished`);
      return { line, student, generatedPassword: values.password ? null : (passwords[index] ?? null) };
    }),
    skipped: analysed.filter((row) => !row.values).map(({ preview }) => ({ line: preview.line, problems: preview.problems })),
  };
}
