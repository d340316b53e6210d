import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAttempt, testSessionBody, WEBM_SIGNATURE } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { useBrowserSuite } from './support/index.js';

/**
 * A student's upload must never run script in the teacher's browser. The attack: one recording
 * declared `audio/webm;a=b,text/javascript` holding script, a second declared
 * `audio/webm;a=b,text/html` holding a page that loads the first; a browser reads the last
 * comma-separated type, so the teacher opening the second link ran the script as the teacher.
 * Here the uploads are refused, bytes that pass the WebM check are still served as audio in a
 * sandbox, and rows stored with such types before are served as audio too: in Chromium the
 * teacher's tab keeps its title and makes no request to the admin API.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
let student: CreatedStudent;
const TITLE_SCRIPT = 'fetch("/api/admin/students").then(r=>r.json()).then(j=>{document.title="taken "+j.total})';

async function studentFetch() {
  const base = suite.server.baseUrl;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: student.mobileNumber, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { ...init, headers: { cookie, origin: base, ...init.headers } });
}

async function savedAttempt(api: Awaited<ReturnType<typeof studentFetch>>): Promise<string> {
  const saved = await api('/api/test-sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(testSessionBody(student.student.id)) });
  expect(saved.status).toBe(201);
  return ((await saved.json()) as { attemptId: string }).attemptId;
}

/** Opens a recording's link as the teacher; says what the tab's title became and which admin API calls it made. */
async function openAsTeacher(page: Page, attemptId: string) {
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
  });
  const response = await page.goto(`${suite.server.baseUrl}/api/attempts/${attemptId}/recording`);
  // Time for a script, had one run, to fetch and set the title.
  await page.waitForTimeout(1500);
  const title = await page.evaluate(() => document.title);
  return { title, adminCalls, contentType: response?.headers()['content-type'] ?? '' };
}

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  student = await createStudent(db, { studentName: 'Mallory Student', mobileNumber: '98765 43299' });
});

describe("a recording's declared type", () => {
  it('refuses the two-step upload, and what passes the audio check opens as audio that runs nothing', async () => {
    const api = await studentFetch();
    const script = await savedAttempt(api);
    const page = await savedAttempt(api);
    const refusedScript = await api(`/api/attempts/${script}/recording`, { method: 'PUT', headers: { 'content-type': 'audio/webm;a=b,text/javascript' }, body: TITLE_SCRIPT });
    const refusedPage = await api(`/api/attempts/${page}/recording`, { method: 'PUT', headers: { 'content-type': 'audio/webm;a=b,text/html' }, body: `<script src=/api/attempts/${script}/recording></script>` });
    expect([refusedScript.status, refusedPage.status]).toEqual([415, 415]);
    expect(((await refusedPage.json()) as { message: string }).message).toMatch(/^A recording must be audio of one of these types/);

    // The same bytes behind a WebM signature are accepted, but only ever as audio/webm.
    const upload = (id: string, body: string) =>
      api(`/api/attempts/${id}/recording`, { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body: new Uint8Array(Buffer.concat([WEBM_SIGNATURE, Buffer.from(body)])) });
    expect((await upload(script, `\n${TITLE_SCRIPT}`)).status).toBe(200);
    expect((await upload(page, `<html><script src=/api/attempts/${script}/recording></script>`)).status).toBe(200);

    const { page: tab } = await suite.openPage({ ignore: [/Refused|Content Security Policy|sandbox|Failed to load resource/i] });
    await suite.signInAs(tab, admin.user.id);
    const opened = await openAsTeacher(tab, page);
    expect(opened.contentType).toBe('audio/webm');
    expect(opened.title).not.toMatch(/taken/);
    expect(opened.adminCalls).toEqual([]);
  });

  it('serves rows stored with a hostile type before the check as audio: the script never runs', async () => {
    const db = suite.server.database.db;
    const script = await createAttempt(db, student.student.id, { recording: Buffer.from(TITLE_SCRIPT), mimeType: 'audio/webm;a=b,text/javascript' });
    const page = await createAttempt(db, student.student.id, {
      recording: Buffer.from(`<script src=/api/attempts/${script}/recording></script>`),
      mimeType: 'audio/webm;a=b,text/html',
    });
    const { page: tab } = await suite.openPage({ ignore: [/Refused|Content Security Policy|sandbox|Failed to load resource/i] });
    await suite.signInAs(tab, admin.user.id);
    const opened = await openAsTeacher(tab, page);
    expect(opened.contentType).toBe('audio/webm');
    expect(opened.title).not.toMatch(/taken/);
    expect(opened.adminCalls).toEqual([]);
  });
});
