import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod.js';
import {
  activeCourses,
  courseForm,
  courseIdParams,
  courseResponse,
  coursesPage,
  coursesPageQuery,
  COURSES_PAGE_SIZE,
  updateCourseBody,
} from '../../shared/api/courses.js';
import { errorBody } from '../../shared/api/common.js';
import { schoolDateLabel } from '../lib/school-day.js';
import type { AppDeps } from '../deps.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { courseDto, createCourse, deleteCourse, listActiveCourses, listCourses, updateCourse } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const itemErrors = { ...errors, 404: errorBody, 409: errorBody };

export const courseNotFoundMessage = (id: number) => `There is no course with id ${id}. It may have been deleted.`;

/** Course management (spec section 7: /api/admin/courses..., /api/courses/active). Admins only. */
export async function courseRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/courses', {
    config: { access: 'admin' },
    schema: { querystring: coursesPageQuery, response: { 200: coursesPage, ...errors } },
    handler: async (request) => {
      const { rows, total } = await listCourses(db, request.query.page, COURSES_PAGE_SIZE);
      const timeZone = deps.config.SCHOOL_TIMEZONE;
      return { courses: rows.map((row) => ({ ...courseDto(row), createdOn: schoolDateLabel(row.createdAt, timeZone) })), total };
    },
  });

  api.post('/api/admin/courses', {
    config: { access: 'admin' },
    schema: { body: courseForm, response: { 201: courseResponse, ...errors, 409: errorBody } },
    handler: async (request, reply) => {
      const row = await createCourse(db, request.body);
      return reply.status(201).send({ course: courseDto(row) });
    },
  });

  api.put('/api/admin/courses/:id', {
    config: { access: 'admin' },
    schema: { params: courseIdParams, body: updateCourseBody, response: { 200: courseResponse, ...itemErrors } },
    handler: async (request) => {
      const { id } = request.params;
      const { id: bodyId, ...values } = request.body;
      if (bodyId !== undefined && bodyId !== id) {
        throw badRequest(`id: the body names course ${bodyId} but the address names course ${id}`);
      }
      const row = await updateCourse(db, id, values);
      if (!row) throw notFound(courseNotFoundMessage(id));
      return { course: courseDto(row) };
    },
  });

  api.delete('/api/admin/courses/:id', {
    config: { access: 'admin' },
    schema: { params: courseIdParams, response: { 204: z.null(), ...itemErrors } },
    handler: async (request, reply) => {
      const row = await deleteCourse(db, request.params.id);
      if (!row) throw notFound(courseNotFoundMessage(request.params.id));
      return reply.status(204).send(null);
    },
  });

  /** The courses a student can be put in (the student form's picker). Admins only (spec section 6). */
  api.get('/api/courses/active', {
    config: { access: 'admin' },
    schema: { response: { 200: activeCourses, ...errors } },
    handler: async () => ({ courses: (await listActiveCourses(db)).map(courseDto) }),
  });
}
