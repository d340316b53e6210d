/* The student page's paging, without Zod: the page imports it (decision 0023). */

export const STUDENT_ATTEMPTS_PAGE_SIZE = 10;
export const STUDENT_ATTEMPTS_PAGE_SIZE_MAX = 100;

/** The student page's address; its attempts' endpoint. */
export const studentPagePath = (studentId: number) => `/admin/students/${studentId}`;
export const studentAttemptsUrl = (studentId: number | string, page: number) =>
  `/api/admin/students/${studentId}/attempts?page=${page}&limit=${STUDENT_ATTEMPTS_PAGE_SIZE}`;
