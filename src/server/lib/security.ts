import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { badRequest, forbidden } from './http-errors.js';

/** Methods that change nothing: not checked for cross-site origin, and not clearing the read caches (app.ts). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const BODY_ON_GET_MESSAGE = 'A GET request carries no body: send it again without one.';

/**
 * Security headers, and refusal of cross-site state changes. The session cookie is SameSite=Lax, and
 * every state-changing request is also checked against its Origin (or Sec-Fetch-Site) header.
 */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes its CSS variables into a <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // What frame-ancestors 'none' says, for a browser that reads only this header (Helmet's default, SAMEORIGIN, said otherwise).
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

/**
 * Helmet's headers, worked out once: the same for every response (no per-request nonces: scripts
 * come from 'self' only). @fastify/helmet rebuilt Helmet, and parsed the policy, for every request.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Strict-Transport-Security only where the school's address (PUBLIC_URL) is https: over plain http a
 * browser ignores it anyway, and a test server on a laptop should not tell its browser to use https
 * for a year. Never with includeSubDomains: the school's address may be a bare domain
 * (https://school.org) whose other hosts the server does not answer for.
 */
export function transportSecurity(publicUrl: string | undefined): { maxAge: number; includeSubDomains: boolean } | false {
  return publicUrl !== undefined && new URL(publicUrl).protocol === 'https:' ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false;
}

/** The headers every answer of an app at `publicUrl` carries (the plugin's hook; app.ts's refusal of an undecodable address too). */
export function appSecurityHeaders(publicUrl: string | undefined): Array<[string, string]> {
  return securityHeaders({ ...HELMET_OPTIONS, strictTransportSecurity: transportSecurity(publicUrl) });
}

async function securityPlugin(app: FastifyInstance, options: { publicUrl: string | undefined }) {
  const headers = appSecurityHeaders(options.publicUrl);
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.header(name, value);
  });

  const allowedOrigins = new Set<string>();
  if (options.publicUrl) allowedOrigins.add(new URL(options.publicUrl).origin);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== ownOrigin && !allowedOrigins.has(origin)) {
        throw forbidden('Cross-site request refused: this request did not come from a Parley page.');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site request refused: this request did not come from a Parley page.');
    }
  });

  // A GET or HEAD has no body (RFC 9110 gives one no meaning): one sent anyway is refused before any
  // of it is read, rather than ignored.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined) throw badRequest(BODY_ON_GET_MESSAGE);
  });

  // Answers about a signed-in user (any /api route but the public ones, any request with a valid
  // session, any answer setting the session cookie) are never stored by a browser or a proxy, unless the route chose its own Cache-Control
  // (the recording: `private, no-store`).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined || !routeUrl.startsWith('/api/')) return payload;
    if (request.auth || request.routeOptions.config.access !== 'public' || reply.hasHeader('set-cookie')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityPlugin, { name: 'security' });
