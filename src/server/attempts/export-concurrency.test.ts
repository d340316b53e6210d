import http from 'node:http';
import type net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { EXPORT_ALREADY_RUNNING, EXPORTS_BUSY } from '../lib/export-slots.js';
import { EXPORT_PAGE_ROWS } from './admin-queries.js';

/*
 * CSV exports do not hold up other teachers: one at a time per teacher and two per process (a 429
 * with a sentence and Retry-After beyond that, shared by the attempts and students exports), each
 * slot freed when its download finishes, fails or is dropped; and a list asked for while an export
 * streams is answered before the export has read all its pages.
 */

const ATTEMPTS = 5_000;
const ATTEMPTS_CSV = '/api/admin/test-attempts/export.csv';
const STUDENTS_CSV = '/api/admin/students/export.csv';

interface QueryClient {
  query: (...args: unknown[]) => Promise<unknown>;
}

interface Opened {
  status: number;
  headers: http.IncomingHttpHeaders;
  response: http.IncomingMessage;
  request: http.ClientRequest;
}

describe.each(testDrivers)('concurrent CSV exports on %s', (driver) => {
  let t: TestApp;
  let port: number;
  const cookies: string[] = [];
  const open: Opened[] = [];
  /** Statements of export pages sent so far, and a page statement to fail (its number), for the errored download. */
  let exportPages = 0;
  let failPage = 0;
  /**
   * While set, an export's pages after its first wait for it: the download is still being prepared
   * whatever the sockets between server and client can buffer (a 5,000-row file fits in this
   * machine's loopback buffers, so an unread download alone could finish and free its slot).
   */
  let laterPages: { opened: Promise<void>; open: () => void } | undefined;
  function holdLaterPages(): void {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    laterPages = { opened, open };
  }
  function releaseLaterPages(): void {
    laterPages?.open();
    laterPages = undefined;
  }

  beforeAll(async () => {
    t = await createTestApp({ driver });
    for (let i = 0; i < 3; i++) cookies.push(await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id));
    const { student } = await createStudent(t.database.db, { studentName: 'Asha Rao' });
    await t.database.db.execute(sql`
      insert into attempts (id, kind, student_id, session_data, assessable, overall, scores, duration_ms, completed_at)
      select gen_random_uuid(), 'ielts', ${student.id}, '{}'::jsonb, true, 6,
             '{"fluency": 6, "vocabulary": 6, "grammar": 6, "pronunciation": 6, "overall": 6}'::jsonb, 900000,
             '2026-01-01T00:00:00Z'::timestamptz + g * interval '1 hour'
      from generate_series(1, ${ATTEMPTS}) g`);
    const client = (t.database.db as unknown as { $client: QueryClient }).$client;
    const original = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
      if (text.includes(`limit ${EXPORT_PAGE_ROWS}`)) {
        exportPages += 1;
        if (exportPages === failPage) return Promise.reject(new Error('the database failed mid-export'));
        // A page after the first seeks past the last row read: (completed_at, id) < ($n, $m::uuid).
        if (laterPages && text.includes('::uuid)')) return laterPages.opened.then(() => original(...args));
      }
      return original(...args);
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    releaseLaterPages();
    for (const { request } of open) request.destroy();
    await t?.close();
  });

  /** Starts a download and resolves at its status and headers, the body left unread (a reader that has not got to it yet). */
  function start(path: string, cookie: string): Promise<Opened> {
    return new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path, headers: { cookie } }, (response) => {
        response.pause();
        const opened = { status: response.statusCode ?? 0, headers: response.headers, response, request };
        open.push(opened);
        resolve(opened);
      });
      request.on('error', reject);
    });
  }

  /** Reads the rest of an answer: its text, or the error it broke off with. */
  function finish({ response }: Opened): Promise<{ body: string; error?: Error }> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', (error) => resolve({ body: Buffer.concat(chunks).toString('utf8'), error }));
      response.on('aborted', () => resolve({ body: Buffer.concat(chunks).toString('utf8'), error: new Error('aborted') }));
      response.resume();
    });
  }

  async function refusal(path: string, cookie: string): Promise<{ message: string; retryAfter: string | undefined }> {
    const opened = await start(path, cookie);
    const { body } = await finish(opened);
    expect(opened.status, body).toBe(429);
    return { message: (JSON.parse(body) as { message: string }).message, retryAfter: opened.headers['retry-after'] as string | undefined };
  }

  /** The teacher can export again: the slot their last download held is free (retried while the server notices its end). */
  async function canExportAgain(cookie: string): Promise<void> {
    await vi.waitFor(
      async () => {
        const opened = await start(STUDENTS_CSV, cookie);
        const { body } = await finish(opened);
        expect(opened.status, body).toBe(200);
      },
      { timeout: 5_000, interval: 50 },
    );
  }

  it('refuses a second export by the same teacher, of either list, while the first runs', async () => {
    holdLaterPages();
    const first = await start(ATTEMPTS_CSV, cookies[0]!);
    expect(first.status).toBe(200);
    for (const path of [ATTEMPTS_CSV, STUDENTS_CSV]) {
      const { message, retryAfter } = await refusal(path, cookies[0]!);
      expect(message).toBe(EXPORT_ALREADY_RUNNING);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    }
    first.request.destroy();
    releaseLaterPages();
    await canExportAgain(cookies[0]!);
  });

  it('refuses a third teacher while two exports run in the process, and lets them in once one ends', async () => {
    holdLaterPages();
    const first = await start(ATTEMPTS_CSV, cookies[0]!);
    const second = await start(ATTEMPTS_CSV, cookies[1]!);
    expect([first.status, second.status]).toEqual([200, 200]);
    const { message, retryAfter } = await refusal(ATTEMPTS_CSV, cookies[2]!);
    expect(message).toBe(EXPORTS_BUSY);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    // The first download finishes, with every attempt in it: its slot goes to the third teacher.
    releaseLaterPages();
    const { body } = await finish(first);
    expect(body.trimEnd().split('\r\n')).toHaveLength(ATTEMPTS + 1);
    await canExportAgain(cookies[2]!);
    second.request.destroy();
    await canExportAgain(cookies[1]!);
  });

  it('frees the slot of a download that failed mid-stream', async () => {
    failPage = exportPages + 2;
    const broken = await start(ATTEMPTS_CSV, cookies[0]!);
    expect(broken.status).toBe(200);
    const { body, error } = await finish(broken);
    expect(error).toBeDefined();
    expect(body.split('\r\n').length).toBeLessThan(ATTEMPTS);
    await canExportAgain(cookies[0]!);
  });

  it('frees the slot of a download whose client went away mid-stream', async () => {
    const dropped = await start(ATTEMPTS_CSV, cookies[1]!);
    expect(dropped.status).toBe(200);
    await new Promise<void>((resolve) => {
      dropped.response.once('data', () => resolve());
      dropped.response.resume();
    });
    dropped.request.destroy();
    await canExportAgain(cookies[1]!);
  });

  it('answers a list asked for while an export streams before the export has read all its pages', async () => {
    const pagesOfExport = Math.ceil(ATTEMPTS / EXPORT_PAGE_ROWS);
    const before = exportPages;
    const exporting = await start(ATTEMPTS_CSV, cookies[2]!);
    const download = finish(exporting);
    const list = await new Promise<{ status: number; pagesRead: number }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/admin/test-attempts?page=3&limit=10', headers: { cookie: cookies[1]! } }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, pagesRead: exportPages - before }));
        })
        .on('error', reject);
    });
    expect(list.status).toBe(200);
    expect(list.pagesRead).toBeLessThan(pagesOfExport);
    const { body } = await download;
    expect(body.trimEnd().split('\r\n')).toHaveLength(ATTEMPTS + 1);
  });
});
