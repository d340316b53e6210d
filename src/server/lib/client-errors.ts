import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { describeWait } from './throttle.js';

/** Node's error for a connection that did not send a request's headers within `headersTimeout`. */
const HEADERS_LATE = 'ERR_HTTP_REQUEST_TIMEOUT';
/** llhttp's error for headers over Node's size limit (16 KiB). */
const HEADERS_TOO_LARGE = 'HPE_HEADER_OVERFLOW';

export const unreadableRequestMessage = 'The request could not be read.';
/** Node cannot tell which part overflowed: the address (a long link) or the headers (cookies). */
export const headersTooLargeMessage =
  "The request's address or headers are too long to read. If you followed a link, it may be damaged: open the site from its start page. Otherwise clear this site's cookies in the browser and try again.";
export const unmetExpectationMessage =
  'The request asks the server for something it does not offer (its Expect header): send it again without that header.';
export const headersLateMessage = (headersTimeoutMs: number) =>
  `The request did not arrive within ${describeWait(Math.round(headersTimeoutMs / 1000))}, so the server stopped waiting for it. Please try again on a better connection.`;

/** The headers of a `{ message }` answer before the connection is closed: the security headers, the body's, no caching. */
function closingAnswerHeaders(headers: ReadonlyArray<readonly [string, string]>, body: string): Array<readonly [string, string]> {
  return [
    ...headers,
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Cache-Control', 'no-store'],
    ['Connection', 'close'],
  ];
}

/**
 * Answers a connection whose request Node could not read (Fastify's `clientErrorHandler`): headers
 * too slow (408), too large (431) or malformed (400). These come before any route or hook, so the
 * answer is written on the socket here: the app's `{ message }` with a sentence, its security headers,
 * and `Connection: close`, since the connection cannot carry another request. Fastify's own handler
 * answered `{"message":"Client Timeout"}` and the like, without the security headers.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket, headers: ReadonlyArray<readonly [string, string]>, headersTimeoutMs: number): void {
  // A reset connection, or one already closed: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A connection that never sent a byte (a browser's spare connection, opened ahead of need) is closed
  // without an answer, as nginx does: a request the browser sends on it at that moment must not read
  // a 408 meant for nobody.
  if (error.code === HEADERS_LATE && socket.bytesRead === 0) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === HEADERS_LATE
      ? [408, 'Request Timeout', headersLateMessage(headersTimeoutMs)]
      : error.code === HEADERS_TOO_LARGE
        ? [431, 'Request Header Fields Too Large', headersTooLargeMessage]
        : [400, 'Bad Request', unreadableRequestMessage];
  if (socket.writable) {
    const body = JSON.stringify({ message });
    const lines = [`HTTP/1.1 ${status} ${reason}`, ...closingAnswerHeaders(headers, body).map(([name, value]) => `${name}: ${value}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Answers a request whose Expect header is not `100-continue` (Node's `checkExpectation`; no route
 * or hook sees it): 417 in the app's `{ message }` with its security headers, where Node's own answer
 * had no body. The connection is closed, since the body that may follow was never read.
 */
export function answerUnmetExpectation(response: ServerResponse, headers: ReadonlyArray<readonly [string, string]>): void {
  const body = JSON.stringify({ message: unmetExpectationMessage });
  for (const [name, value] of closingAnswerHeaders(headers, body)) response.setHeader(name, value);
  response.writeHead(417);
  response.end(body);
}
