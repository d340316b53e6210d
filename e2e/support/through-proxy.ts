/*
 * One request through a TLS reverse proxy (Caddy or nginx) from Node, as a browser on the school's
 * network sends it: to the proxy's port under the school's host name, trusting only the given
 * certificate authority, with the page's Origin.
 */
import type http from 'node:http';
import https from 'node:https';

export interface ProxyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface ProxyTarget {
  port: number;
  baseUrl: string;
  hostName: string;
  /** The authority the proxy's certificate chains to (PEM). */
  ca: string | Buffer;
}

export interface ProxyRequestOptions {
  cookie?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export function requestThroughProxy(target: ProxyTarget, method: string, urlPath: string, options: ProxyRequestOptions = {}): Promise<ProxyAnswer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise<ProxyAnswer>((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: target.port,
        servername: target.hostName,
        ca: target.ca,
        method,
        path: urlPath,
        headers: {
          host: `${target.hostName}:${target.port}`,
          origin: target.baseUrl,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const pieces: Buffer[] = [];
        response.on('data', (piece: Buffer) => pieces.push(piece));
        response.on('end', () => {
          const whole = Buffer.concat(pieces);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: whole, text: whole.toString() });
        });
      },
    );
    request.on('error', reject);
    if (options.headers?.['content-length']) {
      // A body announced but not sent: the proxy answers from the header alone, then the socket goes.
      request.flushHeaders();
      request.once('response', () => setTimeout(() => request.destroy(), 100));
    } else {
      request.end(body);
    }
  });
}
