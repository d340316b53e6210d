/*
 * The limits, texts and columns of student management that the admin page needs without validating
 * anything: no Zod (and no phone-number library) here, so the Students tab loads neither until a
 * dialog that validates opens (decision 0023). students.ts builds the contracts on these and
 * re-exports them.
 */

export const STUDENTS_PAGE_SIZE = 10;
export const STUDENTS_PAGE_SIZE_MAX = 100;
export const STUDENT_NAME_MAX_LENGTH = 100;
export const SEARCH_MAX_LENGTH = 100;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
/** Rows per import file: every row's password is hashed (deliberately slow), all in one request. */
export const IMPORT_MAX_ROWS = 200;
/** Characters per import file (about 1,500 rows of typical width; the row limit bites first). */
export const IMPORT_MAX_CHARS = 200_000;
export const IMPORT_TOO_LARGE_MESSAGE = `The file is too large: at most ${IMPORT_MAX_CHARS.toLocaleString('en')} characters (${IMPORT_MAX_ROWS} students) per import`;
/**
 * A file this many bytes holds more than IMPORT_MAX_CHARS characters in any encoding the import reads
 * (at most 4 bytes a character): the page refuses it without reading it, so that a video chosen by
 * mistake is not read whole into a phone's memory first.
 */
export const IMPORT_MAX_FILE_BYTES = 4 * IMPORT_MAX_CHARS;

export const STUDENT_DELETE_CONFIRMATION = 'Are you sure you want to delete this student?';
/** Asked before a student is deactivated (activating is not asked). */
export const STUDENT_DEACTIVATE_CONFIRMATION =
  'They are signed out at once and cannot practise until you activate them again. Their saved tests, interviews and reviews are kept.';

/* CSV import and export. */

/** The columns of an import file, in the order of the export and of the template. */
export const IMPORT_COLUMNS = ['studentName', 'course', 'mobileNumber', 'status', 'email', 'username', 'password'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['studentName', 'course', 'mobileNumber'];
/** The export's columns: the import's (without passwords) plus the creation time, so an export can be read back. */
export const EXPORT_COLUMNS = ['studentName', 'course', 'mobileNumber', 'status', 'email', 'username', 'createdAt'] as const;
