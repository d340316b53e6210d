import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app.js';
import { createAdmin } from '../test/factories.js';

describe('HSTS and the session cookie, as a school serves the app over https', () => {
  let https: TestApp;
  let http: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ env: { PUBLIC_URL: 'https://school.org' } });
    http = await createTestApp();
  });
  afterAll(async () => {
    await https.close();
    await http.close();
  });

  it('sends Strict-Transport-Security only for an https address, and never for the domain\'s other hosts', async () => {
    const over = await https.app.inject({ url: '/api/health' });
    expect(over.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await http.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // The other security headers stay in both.
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
    // No page of the app is framed, by any site, in a browser that reads either header.
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain.headers['x-frame-options']).toBe('DENY');
  });

  it('sends every security header with the refusal of an address that cannot be decoded, which no route or hook sees', async () => {
    for (const [app, hsts] of [
      [https, 'max-age=31536000'],
      [http, undefined],
    ] as const) {
      const refused = await app.app.inject({ url: '/api/student/attempts/%ZZ' });
      expect(refused.statusCode).toBe(400);
      const ok = await app.app.inject({ url: '/api/health' });
      for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
        expect(refused.headers[name], name).toBe(ok.headers[name]);
        expect(refused.headers[name], name).toBeDefined();
      }
      expect(refused.headers['strict-transport-security']).toBe(hsts);
    }
  });

  it('clears the session cookie on sign-out with the attributes it was set with', async () => {
    const admin = await createAdmin(https.database.db);
    const cookie = await signIn(https.app, admin.username, admin.password);
    const out = await https.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const cleared = String(out.headers['set-cookie']);
    expect(cleared).toMatch(/^__Host-parley_session=;/);
    for (const attribute of ['Max-Age=0', 'Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']) expect(cleared).toContain(attribute);
  });
});
