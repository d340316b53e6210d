import { z } from '../zod.js';
import { course } from './entities.js';
import { COURSE_DESCRIPTION_MAX_LENGTH, COURSE_NAME_MAX_LENGTH } from './courses-limits.js';
import { hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE, withoutPastedInvisibles } from './visible-text.js';

export * from './courses-limits.js';

/** Course management contracts (spec sections 3, 5 and 7). */

const courseNameField = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .overwrite(withoutPastedInvisibles)
  // One name however it was typed: full-width letters as the ordinary ones (NFKC), any run of spaces as one.
  .overwrite((name) => name.normalize('NFKC').replace(/\s+/gu, ' '))
  .trim()
  .min(1, { error: 'Enter a course name', abort: true })
  .max(COURSE_NAME_MAX_LENGTH, `must be at most ${COURSE_NAME_MAX_LENGTH} characters`)
  .refine(hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE);

/** Optional; trimmed, and an empty or blank text is stored as no description (null). */
const descriptionField = z
  .string({ error: 'must be text' })
  .trim()
  .max(COURSE_DESCRIPTION_MAX_LENGTH, `must be at most ${COURSE_DESCRIPTION_MAX_LENGTH} characters`)
  .nullish()
  .transform((value) => (value ? value : null));

const isActiveField = z.boolean({ error: 'must be true or false' });

/** The Add Course form and the body of POST /api/admin/courses. Active is on unless turned off. */
export const courseForm = z.strictObject({
  courseName: courseNameField,
  description: descriptionField,
  isActive: isActiveField.default(true),
});
/** What the form holds (before trimming and defaults). */
export type CourseFormInput = z.input<typeof courseForm>;
/** What the server receives after validation. */
export type CourseFormValues = z.output<typeof courseForm>;

/**
 * The body of PUT /api/admin/courses/{id} (spec: id, courseName, description, isActive). The path
 * names the course; a body id, when sent, must be the same one. An update replaces the course, so
 * isActive is required here: a client that forgot it must not silently reactivate a course.
 */
export const updateCourseBody = z.strictObject({
  id: z.number({ error: 'must be a number' }).int('must be a whole number').optional(),
  courseName: courseNameField,
  description: descriptionField,
  isActive: isActiveField,
});
export type UpdateCourseBody = z.input<typeof updateCourseBody>;

export const courseIdParams = z.object({
  id: z.coerce
    .number({ error: 'must be a course id' })
    .int('must be a course id')
    .min(1, 'must be a course id')
    .max(2_147_483_647, 'must be a course id'),
});

export const coursesPageQuery = z.object({
  page: z.coerce
    .number({ error: 'must be a page number' })
    .int('must be a page number')
    .min(1, 'must be 1 or more')
    .max(100_000, 'must be at most 100000')
    .default(1),
});

/** A course in the Courses Management list: with the day it was created at the school, as the page shows it. */
export const listedCourse = course.extend({
  /** "21 Nov 2026": `createdAt`'s date in the school's time zone, formatted by the server (the page then needs no Intl). */
  createdOn: z.string(),
});
export type ListedCourse = z.infer<typeof listedCourse>;

export const coursesPage = z.object({ courses: z.array(listedCourse), total: z.number().int() });
export type CoursesPage = z.infer<typeof coursesPage>;

export const activeCourses = z.object({ courses: z.array(course) });
export type ActiveCourses = z.infer<typeof activeCourses>;

export const courseResponse = z.object({ course });
export type CourseResponse = z.infer<typeof courseResponse>;
