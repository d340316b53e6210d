import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../shared/api/common.js';
import {
  adminSchoolQuestionResponse,
  adminSchoolQuestions,
  schoolQuestionForm,
  schoolQuestionIdParams,
  testSchoolQuestions,
  type AdminSchoolQuestion,
} from '../../shared/api/school-questions.js';
import { requireAuth } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../lib/http-errors.js';
import { schoolDateLabel } from '../lib/school-day.js';
import {
  activeSchoolQuestions,
  createSchoolQuestion,
  findSchoolQuestionRow,
  listSchoolQuestions,
  setRetired,
  updateSchoolQuestion,
  type ListedSchoolQuestion,
} from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const itemErrors = { ...errors, 404: errorBody, 409: errorBody };

export const schoolQuestionNotFound = (id: number) => `There is no school question with id ${id}. Reload the Questions tab to see the current list.`;

/**
 * The school's own questions (decision 0038): the admins' Questions tab (list, add, edit, retire,
 * restore) and the list a test draws from, fetched with the running test.
 */
export async function schoolQuestionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const dto = (row: ListedSchoolQuestion): AdminSchoolQuestion => ({
    id: row.id,
    part: row.part as 1 | 2 | 3,
    text: row.text,
    bullets: row.bullets,
    topicWords: row.topicWords,
    retired: row.retiredAt !== null,
    addedBy: row.addedBy,
    addedOn: schoolDateLabel(row.createdAt, deps.config.SCHOOL_TIMEZONE),
    createdAt: row.createdAt.toISOString(),
  });
  const found = async (id: number) => {
    const row = await findSchoolQuestionRow(db, id);
    if (!row) throw notFound(schoolQuestionNotFound(id));
    return { question: dto(row) };
  };

  api.get('/api/admin/school-questions', {
    config: { access: 'admin' },
    schema: { response: { 200: adminSchoolQuestions, ...errors } },
    handler: async () => ({ questions: (await listSchoolQuestions(db)).map(dto) }),
  });

  api.post('/api/admin/school-questions', {
    config: { access: 'admin' },
    schema: { body: schoolQuestionForm, response: { 201: adminSchoolQuestionResponse, ...errors, 409: errorBody } },
    handler: async (request, reply) => {
      const id = await createSchoolQuestion(db, request.body, requireAuth(request).user.id, deps.now());
      return reply.status(201).send(await found(id));
    },
  });

  api.put('/api/admin/school-questions/:id', {
    config: { access: 'admin' },
    schema: { params: schoolQuestionIdParams, body: schoolQuestionForm, response: { 200: adminSchoolQuestionResponse, ...itemErrors } },
    handler: async (request) => {
      const { id } = request.params;
      if (!(await updateSchoolQuestion(db, id, request.body, deps.now()))) throw notFound(schoolQuestionNotFound(id));
      return found(id);
    },
  });

  for (const [action, retired] of [['retire', true], ['restore', false]] as const) {
    api.post(`/api/admin/school-questions/:id/${action}`, {
      config: { access: 'admin' },
      schema: { params: schoolQuestionIdParams, response: { 200: adminSchoolQuestionResponse, ...itemErrors } },
      handler: async (request) => {
        const { id } = request.params;
        if (!(await setRetired(db, id, retired, deps.now()))) throw notFound(schoolQuestionNotFound(id));
        return found(id);
      },
    });
  }

  /**
   * The active questions a test may draw (the running test fetches them as it loads): for anyone
   * signed in but a deactivated student (access.ts), since a teacher may take the test too (without a student, it is not saved).
   */
  api.get('/api/school-questions', {
    config: { access: 'signedIn' },
    schema: { response: { 200: testSchoolQuestions, ...errors } },
    handler: async () => ({
      questions: (await activeSchoolQuestions(db)).map(({ part, text, bullets, topicWords }) => ({ part, text, bullets: [...bullets], topicWords: [...topicWords] })),
    }),
  });
}
