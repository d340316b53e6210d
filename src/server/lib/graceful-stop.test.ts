import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { installGracefulStop, RESTARTING_MESSAGE, type GracefulStop } from './graceful-stop.js';
import { appSecurityHeaders } from './security.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET over `agent` (one kept-alive connection), read in full. */
function get(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

describe('the 503 of a server that is stopping', () => {
  let t: TestApp;
  let stop: GracefulStop;
  let port: number;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://school.org' } });
    // As main.ts installs it: before listening, with the app's security headers.
    stop = installGracefulStop(t.app.server, { graceMs: 2000, headers: appSecurityHeaders(t.config.PUBLIC_URL) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  it('carries every security header an ordinary answer carries, HSTS included', async () => {
    const ordinary = await get(agent, port, '/api/health');
    expect(ordinary.status).toBe(200);
    // The next request comes on the same connection, accepted before the stop began.
    void stop.begin();
    const stopping = await get(agent, port, '/api/health');
    expect(stopping.status).toBe(503);
    expect(JSON.parse(stopping.body)).toEqual({ message: RESTARTING_MESSAGE });
    expect(stopping.headers.connection).toBe('close');
    expect(stopping.headers['strict-transport-security']).toBe('max-age=31536000');
    for (const name of SECURITY_HEADERS) {
      expect(ordinary.headers[name], name).toBeDefined();
      expect(stopping.headers[name], name).toBe(ordinary.headers[name]);
    }
    // Its own headers are not overridden by the app's.
    expect([stopping.headers['content-type'], stopping.headers['cache-control'], stopping.headers['retry-after']]).toEqual([
      'application/json; charset=utf-8',
      'no-store',
      '5',
    ]);
  });
});
