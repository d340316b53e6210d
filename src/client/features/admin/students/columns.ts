/* The students table's columns, shared by the table and the placeholder the tab shows while the table's code loads. */

export const STUDENT_COLUMNS = ['Student Name', 'Course', 'Mobile Number', 'Created Date', 'Status', 'Actions'] as const;
export const STUDENTS_TABLE_MIN_WIDTH = 860;
