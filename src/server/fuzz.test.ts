import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RateLimits } from './auth/limits.js';
import { createTestApp, sessionCookieForUser, type TestApp } from './test/app.js';
import { interviewSessionBody, testSessionBody } from './test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from './test/factories.js';
import { seededRandom as mulberry32 } from '../shared/seeded-random.js';

/**
 * A seeded fuzz of every route of the app (read from the app itself, so a new route is covered
 * without touching this file): thousands of malformed requests, anonymous and signed in as an admin,
 * an admin acting for a student, and a student. No answer may be a 5xx, and the app still answers
 * afterwards. A failure prints the seed and the first failing request: `FUZZ_SEED=<n>` repeats a run
 * (`FUZZ_REQUESTS=<n>` for more, `FUZZ_DRIVER=postgres` with TEST_DATABASE_URL on PostgreSQL).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_513);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 5600);
/** The raw-audio upload gets only a share: it streams its body (and is slower per request). */
const RECORDING_UPLOAD_REQUESTS = 250;
/** Routes that hash a password (50-100 ms each) get fewer requests. */
const PASSWORD_ROUTE_REQUESTS = 90;
const PASSWORD_ROUTES = new Set(['POST /api/login', 'POST /api/student/check-access', 'POST /api/change-password']);

const random = mulberry32(SEED);
const chance = (p: number) => random() < p;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

interface Route {
  method: string;
  url: string;
}

/** Every method + URL of the app, from `printRoutes()`' tree ("├── /api/admin/courses (GET, HEAD, POST)", children indented 4). */
function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\/\S*)(?: \(([^)]+)\))?\s*$/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? '').length / 4);
    stack.length = depth;
    const url = `${stack.join('')}${match[2] ?? ''}`;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/* ---------- malformed values ---------- */

const STRINGS = [
  '',
  ' ',
  'a',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
  '{}',
  '[]',
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'x\udfffy',
  '\ud83c\udfa4 emoji',
  'नमस्ते दुनिया',
  'Zoë café naïve',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-02-30',
  '9999-99-99',
  '2026-11-21T09:00:00.000Z',
  '+919876543210',
  '98765 43210',
  'admin',
  'scrypt$1$1$1$a$b',
  '\r\nSet-Cookie: x=y',
  '\t\n',
  '\u202e\u200b\ufeff',
];
const NUMBERS = [0, -1, 1, 2, 1.5, -0.5, 7, 9, 10, 59, 61, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 31), 1e308, -1e308, 1e-300];

function hugeString(): string {
  const length = pick([1_000, 10_000, 100_000, 300_000]);
  return pick(['x', 'é', '🎤', 'ab ', '\u0000'] as const).repeat(Math.ceil(length / 2));
}

function deepNesting(): unknown {
  const depth = pick([50, 1_000, 5_000]);
  let value: unknown = pick(['leaf', 1, null]);
  const asArray = chance(0.5);
  for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value };
  return value;
}

function junk(depth = 0): unknown {
  const kind = random();
  if (kind < 0.35) return pick(STRINGS);
  if (kind < 0.55) return pick(NUMBERS);
  if (kind < 0.6) return pick([true, false, null]);
  if (kind < 0.65) return hugeString();
  if (kind < 0.68) return deepNesting();
  if (kind < 0.8 && depth < 3) return Array.from({ length: int(0, 4) }, () => junk(depth + 1));
  if (kind < 0.9 && depth < 3) {
    const object: Record<string, unknown> = {};
    for (let index = int(0, 3); index > 0; index -= 1) object[pick(['a', 'id', '__proto__x', 'constructor', '\u0000key', '\ud800', 'studentId', 'scores'])] = junk(depth + 1);
    return object;
  }
  if (kind < 0.95) return randomUUID();
  return int(-1000, 100_000);
}

/** Every path to a value in a JSON tree (objects and arrays), the root excluded. */
function pathsOf(value: unknown, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (out.length > 400) return out;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push([...prefix, index]);
      pathsOf(item, [...prefix, index], out);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      pathsOf(item, [...prefix, key], out);
    }
  }
  return out;
}

/** A copy of a valid body with one to three fields broken: a wrong type or value, removed, or an unknown field added. */
function mutate(valid: unknown): unknown {
  if (chance(0.1)) return junk();
  const body = structuredClone(valid) as Record<string, unknown>;
  const paths = pathsOf(body);
  for (let count = int(1, 3); count > 0 && paths.length > 0; count -= 1) {
    const path = pick(paths);
    let parent: unknown = body;
    for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)?.[key];
    if (!parent || typeof parent !== 'object') continue;
    const last = path[path.length - 1] as string | number;
    const container = parent as Record<string | number, unknown>;
    const action = random();
    if (action < 0.7) container[last] = junk();
    else if (action < 0.85) delete container[last];
    else if (action < 0.95) container[`extra${int(0, 9)}`] = junk();
    else container[last] = [container[last]];
  }
  return body;
}

/* ---------- the app and its people ---------- */

let t: TestApp;
let admin: CreatedAdmin;
let student: CreatedStudent;
const cookies = { anonymous: undefined as string | undefined, admin: '', acting: '', student: '' };
const known = { studentIds: [] as number[], courseIds: [] as number[], attemptIds: [] as string[] };

const NO_LIMIT = { max: 1_000_000, windowMs: 60_000 };
const noLimits: RateLimits = {
  signInPerClient: NO_LIMIT,
  signInPerAccount: NO_LIMIT,
  signInPerAccountEverywhere: NO_LIMIT,
  signInPerKnownDevice: NO_LIMIT,
  signInsPerAccount: NO_LIMIT,
  forgotPerClient: NO_LIMIT,
  forgotPerEmail: NO_LIMIT,
  changePasswordPerClient: NO_LIMIT,
  changePasswordPerAccount: NO_LIMIT,
  savesPerStudent: NO_LIMIT,
  newAttemptsPerStudent: NO_LIMIT,
  uploadsPerStudent: NO_LIMIT,
  uploadsAtOncePerStudent: NO_LIMIT,
};

/** Sessions and a student again when a fuzzed request signed one out, deleted or deactivated the student. */
async function refreshPeople(): Promise<void> {
  const db = t.database.db;
  const profile = await t.app.inject({ method: 'GET', url: '/api/student/profile', headers: { cookie: cookies.student } });
  if (profile.statusCode !== 200) {
    student = await createStudent(db);
    known.studentIds.push(student.student.id);
    known.courseIds.push(student.course.id);
  }
  cookies.student = await sessionCookieForUser(db, student.user.id);
  const who = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookies.admin } });
  if (who.statusCode !== 200) admin = await createAdmin(db);
  cookies.admin = await sessionCookieForUser(db, admin.user.id);
  cookies.acting = await sessionCookieForUser(db, admin.user.id, { actingStudentId: student.student.id });
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: noLimits, driver: process.env.FUZZ_DRIVER === 'postgres' ? 'postgres' : 'pglite' });
  admin = await createAdmin(t.database.db, { email: 'fuzz-admin@example.org' });
  student = await createStudent(t.database.db, { email: 'fuzz-student@example.org', username: 'fuzzstudent' });
  known.studentIds.push(student.student.id);
  known.courseIds.push(student.course.id);
  await refreshPeople();
  for (const body of [testSessionBody(student.student.id), interviewSessionBody(student.student.id)]) {
    const url = 'sessionData' in body && 'questionAnswerPairs' in body.sessionData ? '/api/test-sessions' : '/api/interview-sessions';
    const saved = await t.app.inject({ method: 'POST', url, headers: { cookie: cookies.student }, payload: body });
    if (saved.statusCode !== 201) throw new Error(`seeding an attempt: ${saved.statusCode} ${saved.body}`);
    known.attemptIds.push(saved.json<{ attemptId: string }>().attemptId);
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A valid body for the routes that take one (what mutations start from); {} for a route not listed. */
function validBody(method: string, url: string): unknown {
  const studentId = student.student.id;
  switch (`${method} ${url}`) {
    case 'POST /api/login':
    case 'POST /api/student/check-access':
      return { username: chance(0.5) ? student.mobileNumber : admin.username, password: 'wrong password 123' };
    case 'POST /api/change-password':
      return { currentPassword: 'not the password', newPassword: 'another good password' };
    case 'POST /api/forgot-password':
      return { email: pick(['fuzz-student@example.org', 'nobody@example.org']) };
    case 'POST /api/admin/courses':
    case 'PUT /api/admin/courses/:id':
      return { courseName: `Course ${int(1, 1_000_000)}`, description: 'A course', isActive: true };
    case 'POST /api/admin/students':
    case 'PUT /api/admin/students/:id':
      return {
        studentName: 'Fuzz Student',
        courseId: pick(known.courseIds),
        mobileNumber: `97${String(int(10_000_000, 99_999_999))}`,
        status: 'Activated',
        email: '',
        username: '',
        password: '',
      };
    case 'POST /api/admin/students/import/preview':
    case 'POST /api/admin/students/import/commit':
      return { csv: `studentName,course,mobileNumber\nFuzz ${int(1, 1e6)},IELTS,96${String(int(10_000_000, 99_999_999))}\n` };
    case 'PATCH /api/admin/attempts/:id/review':
      // Version 0: the first save of an attempt's review goes through, later ones are stale (409).
      return { comment: 'Good work', scores: { fluency: 6.5, vocabulary: 7 }, version: 0 };
    case 'POST /api/test-sessions':
      return testSessionBody(studentId);
    case 'POST /api/interview-sessions':
      return interviewSessionBody(studentId);
    case 'POST /api/interview/profile':
      return {
        professionalSummary: 'Support engineer',
        experienceYears: 4,
        experienceMonths: 6,
        profile: 'Engineer',
        coreCompetence: 'Troubleshooting',
        skills: 'SQL',
        professionalExperience: [{ companyName: 'Infosys', fromDate: '2020-06-01', toDate: '' }],
        education: [{ institution: 'Anna University', fromDate: '2016-07-01', toDate: '2020-05-31' }],
        certifications: [{ certification: 'AWS' }],
        technicalSkills: [{ skill: 'PostgreSQL' }],
        achievements: [{ achievement: 'Cut the backlog' }],
      };
    default:
      return {};
  }
}

const PARAM_JUNK = ['0', '-1', '1.5', '1e3', 'abc', '%00', '%ED%A0%80', '%E2%82%AC', '99999999999999999999', '2147483648', ' 1', '%20', 'null', '00000000-0000-0000-0000-000000000000', 'not-a-uuid', '%2e%2e', 'x'.repeat(120), '1;2', '1,2'];
const QUERY_KEYS = ['page', 'limit', 'search', 'date', 'status', 'sort', 'id', 'kind', 'format', '__proto__', 'constructor'];
const ODD_METHODS = ['OPTIONS', 'TRACE', 'PATCH', 'DELETE', 'PUT', 'POST', 'GET', 'HEAD', 'PROPFIND', 'SEARCH', 'PURGE', 'LOCK'];
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

function paramValue(url: string): string {
  if (chance(0.45)) {
    if (url.startsWith('/api/admin/students')) return String(pick(known.studentIds));
    if (url.startsWith('/api/admin/courses')) return String(pick(known.courseIds));
    if (url.includes('attempts')) return pick(known.attemptIds);
  }
  if (chance(0.15)) return randomUUID();
  return pick(PARAM_JUNK);
}

/** encodeURIComponent, with a lone surrogate written as the (invalid) UTF-8 bytes it would have: encodeURIComponent throws on it. */
function encodeLoosely(text: string): string {
  return Array.from(text, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const code = char.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
  }).join('');
}

function queryString(): string {
  if (chance(0.55)) return '';
  const parts: string[] = [];
  for (let count = int(1, 4); count > 0; count -= 1) {
    const key = pick(QUERY_KEYS);
    const value = chance(0.7) ? encodeLoosely(String(pick([...STRINGS, ...NUMBERS]))) : pick(['%00', '%ED%A0%80', '%FF', '%', '%zz', 'a'.repeat(3000)]);
    parts.push(`${key}=${value}`);
    if (chance(0.2)) parts.push(`${key}=${value}2`); // duplicated: an array
  }
  if (chance(0.1)) parts.push(pick(['&&', '=', 'a[b]=1', 'a[]=1&a[]=2', '__proto__[x]=1']));
  return `?${parts.join('&')}`;
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '{}';
  }
}

interface Built {
  options: InjectOptions;
  summary: string;
}

/** One malformed request for a route. */
function buildRequest(route: Route): Built {
  const identity = pick(['anonymous', 'admin', 'acting', 'student'] as const);
  const method = chance(0.1) ? pick(ODD_METHODS) : route.method;
  let url = route.url.replace(/:([A-Za-z]+)/g, () => paramValue(route.url));
  if (chance(0.03)) url = url.replace('/api/', pick(['/api//', '/API/', '/%61pi/', '/api/./']));
  url += queryString();
  const headers: Record<string, string> = {};
  const cookie = cookies[identity];
  if (cookie) headers.cookie = chance(0.05) ? `${cookie}; ${cookie.split('=')[0]}=${pick(['', 'x', '%00', 'a'.repeat(500)])}` : cookie;
  else if (chance(0.1)) headers.cookie = `parley_session=${pick(['', 'x', '%00', '%ED%A0%80', 'a'.repeat(5000), randomUUID()])}`;

  let payload: string | Buffer | undefined;
  const isUpload = route.method === 'PUT' && route.url.endsWith('/recording');
  const wantsBody = !BODYLESS.has(method) || chance(0.1);
  if (wantsBody) {
    const shape = random();
    if (isUpload && shape < 0.6) {
      headers['content-type'] = pick(['audio/webm', 'audio/webm;codecs=opus', 'audio/mp4', 'audio/wav', 'audio/mpeg', 'video/webm', 'audio/']);
      payload = Buffer.alloc(pick([0, 1, 100, 4096, 65_536]), int(0, 255));
      if (chance(0.2)) headers['content-range'] = pick(['bytes 0-10/100', 'bytes */*', 'garbage']);
    } else if (shape < 0.72) {
      headers['content-type'] = pick(['application/json', 'application/json; charset=utf-8', 'application/JSON']);
      payload = jsonText(mutate(validBody(route.method, route.url)));
    } else if (shape < 0.8) {
      headers['content-type'] = 'application/json';
      payload = pick(['{', '[1,', 'nul', '"\\ud800"', '{"a":"\\u0000"}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '\ufeff{}', '{"a":1,"a":2}', ' ', '1e999', '"x"', '[]', 'null', '{"a":"\\uZZZZ"}']);
    } else if (shape < 0.84) {
      headers['content-type'] = 'application/json';
      payload = '';
    } else if (shape < 0.88) {
      headers['content-type'] = 'text/plain';
      payload = pick(['hello', jsonText(validBody(route.method, route.url)), '\u0000', '']);
    } else if (shape < 0.91) {
      headers['content-type'] = 'audio/webm';
      payload = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 1, 2, 3]);
    } else if (shape < 0.94) {
      headers['content-type'] = pick(['multipart/form-data; boundary=xyz', 'multipart/form-data']);
      payload = '--xyz\r\nContent-Disposition: form-data; name="csv"\r\n\r\na,b\r\n--xyz--\r\n';
    } else if (shape < 0.96) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = 'username=a&password=b';
    } else if (shape < 0.98) {
      payload = jsonText(validBody(route.method, route.url)); // no content type
    } else {
      headers['content-type'] = 'application/json';
      payload = chance(0.5) ? `{"csv":"${'a'.repeat(1_100_000)}"}` : jsonText({ a: hugeString() });
    }
  }
  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers, ...(payload !== undefined ? { payload } : {}) };
  const preview = payload === undefined ? '' : ` ${String(headers['content-type'] ?? '(no type)')} ${JSON.stringify(payload.toString().slice(0, 300))}${payload.length > 300 ? `... (${payload.length} bytes)` : ''}`;
  return { options, summary: `${identity} ${method} ${url.slice(0, 300)}${preview}` };
}

it(
  `answers ${TOTAL} malformed requests across every route with no 5xx (seed ${SEED})`,
  async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(20);
    const upload = routes.filter((route) => route.method === 'PUT' && route.url.endsWith('/recording'));
    const password = routes.filter((route) => PASSWORD_ROUTES.has(`${route.method} ${route.url}`));
    const others = routes.filter((route) => !upload.includes(route) && !password.includes(route));
    const budget = new Map<Route, number>();
    for (const route of upload) budget.set(route, Math.floor(RECORDING_UPLOAD_REQUESTS / upload.length));
    for (const route of password) budget.set(route, PASSWORD_ROUTE_REQUESTS);
    const rest = TOTAL - [...budget.values()].reduce((sum, n) => sum + n, 0);
    for (const route of others) budget.set(route, Math.ceil(rest / others.length));
    const plan = [...budget.entries()].flatMap(([route, count]) => Array.from({ length: count }, () => route));
    // Interleaved, so that a request that deletes or signs out affects the routes after it, not one route's block.
    for (let index = plan.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [plan[index], plan[other]] = [plan[other] as Route, plan[index] as Route];
    }

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let index = 0; index < plan.length; index += 1) {
      if (index % 500 === 0) await refreshPeople();
      const { options, summary } = buildRequest(plan[index] as Route);
      let response: LightMyRequestResponse;
      try {
        response = await t.app.inject(options);
      } catch (error) {
        failures.push(`#${index} threw ${String(error)}: ${summary}`);
        continue;
      }
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      // A request signed its caller out (logout, a password change, a deleted student): new sessions before the next.
      if (response.statusCode === 401 && options.headers && 'cookie' in options.headers) await refreshPeople();
      if (response.statusCode >= 500) failures.push(`#${index} ${response.statusCode} ${response.body.slice(0, 200)} <- ${summary}`);
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(plan.length).toBeGreaterThanOrEqual(5000);
    expect(failures.length, `seed ${SEED}: ${failures.length} answers >= 500; first: ${failures[0]}\nstatuses: ${JSON.stringify([...statuses])}`).toBe(0);
    // The fuzz reached past access and validation: some requests were served.
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(100);
  },
  180_000,
);
