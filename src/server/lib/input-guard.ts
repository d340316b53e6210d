import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './http-errors.js';

/**
 * Text PostgreSQL cannot store, refused for every route before validation: a NUL character (text
 * columns cannot hold one: the query fails) and an unpaired UTF-16 surrogate (a "\ud800" JSON escape
 * without its partner: not valid UTF-8, so the driver's encoding fails). Looked for in the JSON
 * body's values and keys, the query string and the URL's parameters.
 */
// eslint-disable-next-line no-control-regex -- a NUL character is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_PROBLEM =
  'contains a character that cannot be saved (a NUL character, or half of an emoji or other two-part character). Remove it and try again.';

/** The same for a query string: every one here is a search or a filter, which nothing is saved from. */
export const UNSEARCHABLE_PROBLEM =
  'contains a character that cannot be searched for (a NUL character, or half of an emoji or other two-part character). Remove it and try again.';

export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

interface PathLink {
  key: string;
  parent: PathLink | undefined;
}

function pathOf(link: PathLink | undefined): string[] {
  const parts: string[] = [];
  for (let current = link; current; current = current.parent) parts.push(current.key);
  return parts.reverse();
}

/**
 * The path of the first string (or key) holding unstorable text, as ['answers', '0', 'transcript'], or
 * undefined. Walked without recursion, each path kept as a link to its parent: a body nested
 * thousands of levels deep must neither overflow the stack nor copy its path at every level.
 */
export function findUnstorableText(value: unknown): { path: string[]; inKey: boolean } | undefined {
  const pending: Array<{ value: unknown; path: PathLink | undefined }> = [{ value, path: undefined }];
  while (pending.length > 0) {
    const item = pending.pop() as { value: unknown; path: PathLink | undefined };
    const current = item.value;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return { path: pathOf(item.path), inKey: false };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) pending.push({ value: current[index], path: { key: String(index), parent: item.path } });
    } else if (isPlainObject(current)) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, inner] = entries[index] as [string, unknown];
        if (UNSTORABLE.test(key)) return { path: pathOf(item.path), inKey: true };
        pending.push({ value: inner, path: { key, parent: item.path } });
      }
    }
  }
  return undefined;
}

/**
 * JSON bodies, query strings and parameters are plain objects, some without Object.prototype (the
 * query string parser's objects inherit from an empty object that has none); Buffers and streams are
 * not looked into.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/** The sentence for the first unstorable text in a request, naming the field, or undefined when there is none. */
export function unstorableInputMessage(request: Pick<FastifyRequest, 'body' | 'query' | 'params'>): string | undefined {
  const sources: Array<[unknown, string, string]> = [
    [request.params, 'URL', UNSTORABLE_PROBLEM],
    [request.query, 'query string', UNSEARCHABLE_PROBLEM],
    [request.body, 'request body', UNSTORABLE_PROBLEM],
  ];
  for (const [source, label, problem] of sources) {
    const found = findUnstorableText(source);
    if (!found) continue;
    // The catch-all route's one parameter ("*") is the page's address, not a field a person knows.
    if (label === 'URL' && found.path[0] === '*') return `The address ${problem}`;
    const field = found.path.join('.');
    if (found.inKey) return `${field ? `${field}: a field name` : `A field name in the ${label}`} ${problem}`;
    return field ? `${field}: ${problem}` : `The ${label} ${problem}`;
  }
  return undefined;
}

async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const message = unstorableInputMessage(request);
    if (message) throw badRequest(message);
  });
}

export default fp(inputGuard, { name: 'input-guard' });
