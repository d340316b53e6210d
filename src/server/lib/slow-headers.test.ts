import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTIONS_CHECK_MS, HEADERS_TIMEOUT_MS } from '../app.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { headersLateMessage, headersTooLargeMessage, unmetExpectationMessage, unreadableRequestMessage } from './client-errors.js';

/** What a raw connection saw: what the server wrote, and when (ms after it opened) the server closed it. */
interface Watched {
  socket: net.Socket;
  received(): string;
  closed: Promise<number>;
}

function watch(port: number): Watched {
  const socket = net.connect(port, '127.0.0.1');
  const opened = Date.now();
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  // A write after the server closed fails (EPIPE): the close is what is measured.
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
  return { socket, received: () => text, closed };
}

/** A raw HTTP answer: its status line, headers (lower-case names) and JSON body. */
function parse(raw: string): { status: string; headers: Map<string, string>; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [status = '', ...lines] = head.split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status, headers, body: body ? (JSON.parse(body) as unknown) : undefined };
}

/**
 * The longest a slow sender may hold a connection, with 4 s for a busy test machine (CI runs the
 * unit files side by side on two cores): still far under the 60-90 s Node's defaults allowed.
 */
const BOUND_MS = HEADERS_TIMEOUT_MS + CONNECTIONS_CHECK_MS + 4_000;

describe('a connection that sends its headers slowly, or not at all', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is answered 408 and closed within the headers time limit, while other requests are answered at once', async () => {
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS + CONNECTIONS_CHECK_MS).toBeLessThanOrEqual(16_000);

    // A slowloris: the request line, then one byte of a header every second, never the blank line.
    const slow = watch(port);
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: parley.test\r\nX-Slow: ');
    const trickle = setInterval(() => {
      if (!slow.socket.destroyed) slow.socket.write('a');
    }, 1_000);
    // A connection that opens and sends nothing.
    const silent = watch(port);

    try {
      // Meanwhile, an ordinary request is answered: it does not wait for the slow ones to be cut.
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(slow.socket.destroyed || silent.socket.destroyed).toBe(false);

      const [slowMs, silentMs] = await Promise.all([slow.closed, silent.closed]);
      // Not before the limit (a slow but honest phone gets all of it), and not long after.
      for (const [what, ms] of [
        ['slow', slowMs],
        ['silent', silentMs],
      ] as const) {
        expect(ms, what).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
        expect(ms, what).toBeLessThanOrEqual(BOUND_MS);
      }
      // Answered as every refusal is: a sentence, and the security headers of every answer.
      const answer = parse(slow.received());
      expect(answer.status).toBe('HTTP/1.1 408 Request Timeout');
      expect(answer.body).toEqual({ message: headersLateMessage(HEADERS_TIMEOUT_MS) });
      expect(headersLateMessage(HEADERS_TIMEOUT_MS)).toBe(
        'The request did not arrive within 15 seconds, so the server stopped waiting for it. Please try again on a better connection.',
      );
      expect(answer.headers.get('connection')).toBe('close');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      // The silent one, which asked nothing, is closed without an answer.
      expect(silent.received()).toBe('');
    } finally {
      clearInterval(trickle);
      slow.socket.destroy();
      silent.socket.destroy();
    }
  }, HEADERS_TIMEOUT_MS + 15_000);

  it('answers headers too large, an unmet Expect, or not HTTP at all, with a sentence and the security headers', async () => {
    for (const [request, status, message] of [
      [`GET /api/health HTTP/1.1\r\nHost: parley.test\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`, 'HTTP/1.1 431 Request Header Fields Too Large', headersTooLargeMessage],
      // A 60 KB address (a damaged link) overflows the same way: the sentence names both.
      [`GET /progress?${'q'.repeat(60_000)} HTTP/1.1\r\nHost: parley.test\r\n\r\n`, 'HTTP/1.1 431 Request Header Fields Too Large', headersTooLargeMessage],
      ['NOT HTTP AT ALL\r\n\r\n', 'HTTP/1.1 400 Bad Request', unreadableRequestMessage],
      // An Expect header Node does not meet: Node's own 417 had no body.
      ['POST /api/login HTTP/1.1\r\nHost: parley.test\r\nExpect: foo\r\nContent-Length: 2\r\n\r\n{}', 'HTTP/1.1 417 Expectation Failed', unmetExpectationMessage],
    ] as const) {
      const connection = watch(port);
      connection.socket.write(request);
      await connection.closed;
      const answer = parse(connection.received());
      expect([answer.status, answer.body]).toEqual([status, { message }]);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('connection')).toBe('close');
    }
  });
});
