/* The limits of course management, without Zod: the courses page pages its list with them without loading the contracts' library (decision 0023). */

export const COURSE_NAME_MAX_LENGTH = 100;
export const COURSE_DESCRIPTION_MAX_LENGTH = 500;
export const COURSES_PAGE_SIZE = 10;
