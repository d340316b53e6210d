import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkAccessResponse, credentials, studentProfile } from '../../shared/api/auth.js';
import { errorBody } from '../../shared/api/common.js';
import { DEACTIVATED_MESSAGE, effectiveStudentId, requireAuth } from '../auth/access.js';
import { accountKey, checkPassword } from '../auth/service.js';
import { setActingStudent } from '../auth/sessions.js';
import type { AreaDeps } from '../deps.js';
import { forbidden, notFound, unauthorized } from '../lib/http-errors.js';
import { givingBack, throttleCounting, type Counted } from '../lib/throttle.js';
import { findStudentWithCourse, toCourseDto, toStudentDto } from './queries.js';

export const CHECK_ACCESS_INVALID_MESSAGE = 'Invalid mobile number or password. Please check them, or contact the school.';
export const STUDENT_NOT_FOUND_MESSAGE = 'Student record not found. Please contact the school.';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };

export async function studentRoutes(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Per teacher's device (its session), not per address: a school's rooms share one address, and one
  // device's wrong guesses must not stop the other rooms starting tests. Only a signed-in teacher's
  // device can call this, so the session names the device.
  const perDeviceKey = (r: FastifyRequest) => `access-device:${requireAuth(r).session.id}`;
  const perAccountKey = async (r: FastifyRequest) => `access-account:${await accountKey(db, (r.body as { username?: unknown } | undefined)?.username, deps.config.DEFAULT_PHONE_REGION)}`;
  const giveBack = givingBack(deps.budgets);
  const perDevice = throttleCounting(app, { ...deps.rateLimits.signInPerClient, what: 'access checks from this device', key: perDeviceKey });
  const perAccount = throttleCounting(app, { ...deps.rateLimits.signInPerAccount, what: 'access checks for this student', key: perAccountKey });
  /** What each access check was counted in, given back (to the window it was counted in) when it succeeds. */
  const countedIn = new WeakMap<FastifyRequest, Counted[]>();

  api.get('/api/student/profile', {
    config: { access: 'studentOrActing' },
    schema: { response: { 200: studentProfile, ...errors } },
    handler: async (request) => {
      const found = await findStudentWithCourse(db, effectiveStudentId(request));
      if (!found) throw notFound(STUDENT_NOT_FOUND_MESSAGE);
      // checkAccess refused a deactivated student as the session cache last read them; this fresh read
      // also refuses one deactivated by another process within the cache's few seconds (decision 0011).
      if (found.student.status !== 'Activated') throw forbidden(DEACTIVATED_MESSAGE);
      return { student: toStudentDto(found.student, found.course), course: toCourseDto(found.course) };
    },
  });

  /** A teacher's device: the student types their mobile number and password to start a test on it. */
  api.post('/api/student/check-access', {
    // Also on a device already acting: the next student types their own password (no admin power gained).
    config: { access: 'admin', whileActing: true },
    schema: { body: credentials, response: { 200: checkAccessResponse, ...errors } },
    onRequest: async (request) => {
      const counted = await perDevice(request);
      countedIn.set(request, counted ? [counted] : []);
    },
    preHandler: async (request) => {
      const counted = await perAccount(request);
      if (counted) countedIn.set(request, [...(countedIn.get(request) ?? []), counted]);
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const result = await checkPassword(db, request.body.username, request.body.password, {
        allowTemporary: false,
        now: deps.now(),
        phoneRegion: deps.config.DEFAULT_PHONE_REGION,
      });
      if (!result.ok || !result.account.student) throw unauthorized(CHECK_ACCESS_INVALID_MESSAGE);
      const found = await findStudentWithCourse(db, result.account.student.id);
      if (!found) throw unauthorized(CHECK_ACCESS_INVALID_MESSAGE);
      if (found.student.status !== 'Activated') throw forbidden(DEACTIVATED_MESSAGE);
      await setActingStudent(db, auth.session.id, found.student.id);
      // The budgets limit guesses: a class's students starting one after another on the teacher's device do not spend them.
      await giveBack(request, countedIn.get(request) ?? []);
      return { student: toStudentDto(found.student, found.course) };
    },
  });
}
