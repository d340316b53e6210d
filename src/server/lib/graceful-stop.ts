import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export const RESTARTING_MESSAGE = 'The server is restarting. Please try again in a moment.';

export interface GracefulStop {
  /**
   * From now on every request that arrives on an open connection is answered 503 with
   * `Connection: close`, requests in progress finish, and connections that stay idle are closed after
   * `graceMs`, then checked again every 250 ms. Resolves once the connections the kernel had already
   * accepted (its accept queue) have been taken by the server: only then may the listener close
   * (`app.close()`), because closing it resets every connection still in that queue.
   */
  begin(): Promise<void>;
}

/** How long no new connection may come before the accept queue counts as empty. */
const QUIET_MS = 100;

/**
 * Resolves once an event-loop poll, `QUIET_MS` after the last, has found no new connection (libuv
 * accepts every queued connection in each poll of the listening socket), or after `maxMs`. On a busy
 * machine a slow event loop leaves connections in the kernel's queue for a long time after they
 * were made: they are answered this way instead of reset.
 */
function acceptQueueDrained(server: Server, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    let accepted = 0;
    let seen = -1;
    const onConnection = () => {
      accepted += 1;
    };
    server.on('connection', onConnection);
    const check = () => {
      // setImmediate runs after the loop's poll phase, where queued connections are accepted.
      setImmediate(() => {
        if (accepted === seen || !server.listening || Date.now() - started >= maxMs) {
          server.off('connection', onConnection);
          resolve();
          return;
        }
        seen = accepted;
        setTimeout(check, QUIET_MS);
      });
    };
    check();
  });
}

/**
 * A stop that answers every connection it has accepted. Node's `server.close()` (which
 * `app.close()` calls) also closes "idle" connections at once, and a connection that was accepted
 * but whose request has not been read yet counts as idle: its client, about to send (or sending) a
 * request, got a reset. Here those connections are kept for a short grace and their requests are
 * answered 503, which tells a client or a load balancer to try elsewhere, and Connection: close ends
 * them. Install before listening; call `begin()` before `app.close()`.
 */
export function installGracefulStop(
  server: Server,
  options: {
    graceMs: number;
    /**
     * Headers the 503 carries besides its own: the app's security headers (CSP, nosniff, frame
     * refusal, HSTS on https; security.ts `appSecurityHeaders`), which Fastify's hooks add to every
     * other answer and which this answer, written before Fastify sees the request, would lack.
     */
    headers: ReadonlyArray<readonly [string, string]>;
  },
): GracefulStop {
  let stopping = false;
  let drained: Promise<void> | undefined;
  const body = JSON.stringify({ message: RESTARTING_MESSAGE });
  const handlers = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!stopping) {
      for (const handler of handlers) handler.call(server, request, response);
      return;
    }
    for (const [name, value] of options.headers) response.setHeader(name, value);
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'retry-after': '5',
      connection: 'close',
    });
    response.end(body);
    // The unread body (an upload) is not waited for.
    request.resume();
  });

  return {
    begin() {
      if (drained) return drained;
      stopping = true;
      const closeIdleConnections = server.closeIdleConnections.bind(server);
      // After a poll of the loop: a request that has reached the socket is read first, so its
      // connection is no longer idle and is answered, instead of closed with the request unread (a reset).
      const closeIdleAfterPoll = () => setImmediate(closeIdleConnections);
      // Until the grace is over, server.close() must not drop connections whose request is on its way.
      server.closeIdleConnections = () => {};
      const reap = () => {
        server.closeIdleConnections = closeIdleAfterPoll;
        closeIdleAfterPoll();
        // Connections whose last request finished since (with keep-alive) become idle later.
        const interval = setInterval(closeIdleAfterPoll, 250);
        interval.unref();
        server.once('close', () => clearInterval(interval));
      };
      setTimeout(reap, options.graceMs).unref();
      drained = acceptQueueDrained(server, options.graceMs);
      return drained;
    },
  };
}
