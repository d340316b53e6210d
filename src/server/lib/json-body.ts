import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './http-errors.js';

/**
 * The forbidden key of a body that is valid JSON but that Fastify's parser refuses (prototype
 * poisoning: a `__proto__` key, or a `constructor` object with a `prototype`), or null when the
 * body is not valid JSON at all. Read only after the parser has refused the body.
 */
function forbiddenKey(body: string): string | null {
  let found: string | null = null;
  try {
    JSON.parse(body, (key, value: unknown) => {
      if (key === '__proto__') found ??= '__proto__';
      else if (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype')) found ??= 'constructor';
      return value;
    });
  } catch {
    return null;
  }
  return found;
}

/**
 * Fastify's own JSON parser (it refuses prototype poisoning), with one sentence more: a body that is
 * valid JSON but holds a `__proto__` key is refused as having a field it may not have, not as "not
 * valid JSON". Registered for the whole app; an area may add its own parsers (recordings/routes.ts).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  // Fastify's parser is the callback form (content-type-parser.js, defaultJsonParser).
  const parse = app.getDefaultJsonParser('error', 'error') as (request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      const key = error ? forbiddenKey(body as string) : null;
      if (key) done(badRequest(`The request body has a field it may not have: "${key}".`), undefined);
      else done(error, value);
    });
  });
}
