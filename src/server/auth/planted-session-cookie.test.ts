import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieForUser, sessionCookieFrom, type TestApp } from '../test/app.js';
import { createAdmin, createStudent } from '../test/factories.js';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions.js';

/*
 * A session cookie planted from outside the app's own answers (decision 0070). The server reads the
 * first cookie of a name, and a browser sends an older cookie of the same path first: a sibling host
 * of the school's domain (blog.school.org, `Domain=school.org`), or a plain-http answer forged on the
 * school's network (HSTS here leaves other hosts of the domain out), could plant a `parley_session`
 * that the server then took as the visitor's session, whatever the visitor signed in as. Where cookies
 * are Secure the session cookie carries the `__Host-` prefix, which a browser keeps only from this
 * host, Secure and on Path=/: a cookie under the plain name is not a session there.
 */
describe('a planted session cookie', () => {
  let secure: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_URL: 'https://parley.school.example' } });
    plain = await createTestApp({});
  });
  afterAll(async () => {
    await secure.close();
    await plain.close();
  });

  const whoAmI = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });

  it('an https site sets the session cookie as __Host-parley_session: Secure, Path=/, no Domain', async () => {
    const admin = await createAdmin(secure.database.db);
    const response = await secure.app.inject({ method: 'POST', url: '/api/login', payload: { username: admin.username, password: admin.password } });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.cookies.find((c) => c.name === SECURE_SESSION_COOKIE);
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(session?.domain).toBeUndefined();
    expect(response.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
    expect((await whoAmI(secure, sessionCookieFrom(response))).json()).toMatchObject({ username: admin.username });

    const logout = await secure.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: sessionCookieFrom(response) } });
    expect(logout.cookies.find((c) => c.name === SECURE_SESSION_COOKIE)).toMatchObject({ value: '', path: '/', secure: true });
  });

  it("on an https site a valid session under the plain name is no session: neither alone nor sent before the visitor's own", async () => {
    const visitor = await createStudent(secure.database.db, { username: 'visitor' });
    const planter = await createStudent(secure.database.db, { username: 'planter' });
    const planted = await sessionCookieForUser(secure.database.db, planter.user.id);
    expect(planted.startsWith(`${SESSION_COOKIE}=`)).toBe(true);

    const alone = await whoAmI(secure, planted);
    expect(alone.statusCode).toBe(401);
    const page = await secure.app.inject({ url: '/api/student/attempts', headers: { cookie: planted } });
    expect(page.statusCode).toBe(401);

    const own = await sessionCookieForUser(secure.database.db, visitor.user.id, { secure: true });
    const both = await whoAmI(secure, `${planted}; ${own}`);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ username: 'visitor' });
  });

  it('behind an https proxy (TRUST_PROXY, X-Forwarded-Proto: https, no PUBLIC_URL) the same holds', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const admin = await createAdmin(behindProxy.database.db);
      const https = { 'x-forwarded-proto': 'https' };
      const response = await behindProxy.app.inject({ method: 'POST', url: '/api/login', headers: https, payload: { username: admin.username, password: admin.password } });
      expect(response.cookies.find((c) => c.name === SECURE_SESSION_COOKIE)).toMatchObject({ secure: true, path: '/' });
      const planted = await sessionCookieForUser(behindProxy.database.db, admin.user.id);
      expect((await behindProxy.app.inject({ url: '/api/user', headers: { ...https, cookie: planted } })).statusCode).toBe(401);
      expect((await behindProxy.app.inject({ url: '/api/user', headers: { ...https, cookie: sessionCookieFrom(response) } })).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('over plain http (no https address) the cookie keeps its plain name, which a browser would not keep with the prefix there', async () => {
    const admin = await createAdmin(plain.database.db);
    const response = await plain.app.inject({ method: 'POST', url: '/api/login', payload: { username: admin.username, password: admin.password } });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ path: '/', httpOnly: true });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeUndefined();
    expect((await whoAmI(plain, sessionCookieFrom(response))).statusCode).toBe(200);
  });
});
