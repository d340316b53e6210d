import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export const RESTARTING_MESSAGE = 'The server is restarting. Please try again in a moment.';

export interface GracefulStop {
  /**
   * From now on: no new connections (the listener closes when the app closes), every request that
   * arrives on an open connection is answered 503 with `Connection: close`, requests in progress
   * finish. Connections that stay idle are closed after `graceMs`, then checked again every 250 ms.
   */
  begin(): void;
}

/**
 * A stop that answers every connection it has accepted. Node's `server.close()` (which
 * `app.close()` calls) also closes "idle" connections at once, and a connection that was accepted
 * but whose request has not been read yet counts as idle: its client, about to send (or sending) a
 * request, got a reset. Here those connections are kept for a short grace and their requests are
 * answered 503, which tells a client or a load balancer to try elsewhere, and Connection: close ends
 * them. Install before listening; call `begin()` before `app.close()`.
 */
export function installGracefulStop(server: Server, options: { graceMs: number }): GracefulStop {
  let stopping = false;
  const body = JSON.stringify({ message: RESTARTING_MESSAGE });
  const handlers = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!stopping) {
      for (const handler of handlers) handler.call(server, request, response);
      return;
    }
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
      if (stopping) return;
      stopping = true;
      const closeIdleConnections = server.closeIdleConnections.bind(server);
      // Until the grace is over, server.close() must not drop connections whose request is on its way.
      server.closeIdleConnections = () => {};
      const reap = () => {
        server.closeIdleConnections = closeIdleConnections;
        closeIdleConnections();
        // Connections whose last request finished since (with keep-alive) become idle later.
        const interval = setInterval(closeIdleConnections, 250);
        interval.unref();
        server.once('close', () => clearInterval(interval));
      };
      setTimeout(reap, options.graceMs).unref();
    },
  };
}
