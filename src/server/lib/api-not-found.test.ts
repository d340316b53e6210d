import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createStudent } from '../test/factories.js';

/**
 * A path under /api that no route matches gets the API's JSON 404 however it is written (in
 * another case, percent-encoded, after doubled slashes), never the app's page with 200; a page
 * path that merely starts with "api" is still the page.
 */

describe.each(testDrivers)('unknown /api paths with the client built (%s)', (driver) => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'parley-api-not-found-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Parley</title></head><body><div id="root"></div></body></html>');
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ driver, clientDir });
    const student = await createStudent(t.database.db);
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const attempt = randomUUID();
  it.each([
    ['GET', `/API/student/attempts/${attempt}`],
    ['GET', `/Api/student/attempts/${attempt}?page=1`],
    ['GET', '/API'],
    ['GET', '/%41PI/health'],
    ['GET', '//api/health'],
    ['HEAD', '/API/health'],
    ['POST', '/API/login'],
  ] as const)('%s %s: 404 with the JSON message, signed in or not', async (method, url) => {
    for (const headers of [{}, { cookie }]) {
      const response = await t.app.inject({ method, url, headers });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      if (method !== 'HEAD') expect(response.json()).toEqual({ message: `There is no API endpoint ${method} ${url.split('?')[0]}.` });
    }
  });

  it.each(['/dashboard', '/apiary', '/api-guide'])('%s is still the app page', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('the lower-case path is the route itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
