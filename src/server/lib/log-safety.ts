/**
 * Errors made safe to log. Drizzle's query errors carry the query's parameters (a password hash, a
 * session token's hash, a temporary password...) in `params` and in their message ("Failed query:
 * <sql>\nparams: <values>"), and PostgreSQL's `detail` can quote a whole row ("Failing row contains
 * (...)"). What is kept helps and holds no values: the error's type, the SQL text, SQLSTATE code,
 * constraint, table and column names, and the stack frames. Request addresses are logged without
 * the values a teacher typed into a search (loggedUrl).
 */

/** Properties never logged, at any depth of the cause chain. */
const DROPPED_KEYS = new Set(['params', 'parameters', 'values', 'detail', 'password', 'passwordHash', 'password_hash', 'token', 'tokenHash']);

/** Where Drizzle's message lists the parameters: from "params:" to the end of the message. */
const PARAMS_PART = /\n?params: [\s\S]*$/;
/** A password hash as `hashPassword` writes it, should one appear in any text. */
const SCRYPT_HASH = /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+/g;

/** The message without Drizzle's parameter list or anything shaped like a password hash. */
export function safeErrorMessage(message: string): string {
  return message.replace(PARAMS_PART, '').replace(SCRYPT_HASH, '[password hash]');
}

function safeStack(stack: string, message: string, safeMessage: string): string {
  // The stack starts with "<name>: <message>"; the message may span lines (the params part does).
  let result = message && stack.includes(message) ? stack.replace(message, () => safeMessage) : stack;
  // When the message was not found as it is: cut any "params: ..." block up to the first stack frame.
  result = result.replace(/\n?params: [\s\S]*?(?=\n\s+at |$)/, '');
  return result.replace(SCRYPT_HASH, '[password hash]');
}

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  cause?: SafeError | string;
  [key: string]: unknown;
}

/** A plain object for the log: the error's own primitive fields (minus the dropped ones) and its causes, without values. */
export function safeError(error: unknown, depth = 0): SafeError | string {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return typeof error === 'string' ? safeErrorMessage(error) : String(error);
  }
  const source = error as Error & Record<string, unknown>;
  const message = typeof source.message === 'string' ? source.message : '';
  const cleanMessage = safeErrorMessage(message);
  const result: SafeError = {
    type: source.constructor?.name ?? 'Error',
    message: cleanMessage,
  };
  if (typeof source.stack === 'string') result.stack = safeStack(source.stack, message, cleanMessage);
  for (const [key, value] of Object.entries(source)) {
    if (key === 'message' || key === 'stack' || key === 'cause' || DROPPED_KEYS.has(key)) continue;
    if (typeof value === 'string') result[key] = safeErrorMessage(value);
    else if (typeof value === 'number' || typeof value === 'boolean') result[key] = value;
  }
  if (source.cause !== undefined && depth < 5) result.cause = safeError(source.cause, depth + 1);
  if (Array.isArray(source.errors) && depth < 5) result.errors = source.errors.slice(0, 5).map((inner) => safeError(inner, depth + 1));
  return result;
}

/** The Fastify/pino `err` serializer. */
export function errSerializer(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  const safe = safeError(error);
  if (typeof safe === 'string') return { type: typeof error, message: safe, stack: '' };
  return { ...safe, stack: safe.stack ?? '' };
}

/** One line of text for stderr (the failed start): the safe message and stack, with each cause's. */
export function safeErrorText(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    const safe = safeError(current);
    if (typeof safe === 'string') {
      lines.push(depth === 0 ? safe : `Caused by: ${safe}`);
      break;
    }
    const code = typeof safe.code === 'string' ? ` [${safe.code}]` : '';
    const text = safe.stack ?? `${safe.type}: ${safe.message}`;
    lines.push(depth === 0 ? `${text}${code}` : `Caused by${code}: ${text}`);
    current = (current as { cause?: unknown }).cause;
  }
  return lines.join('\n');
}

/**
 * Query parameters whose values say nothing about a person: the lists' paging, sorting and filters
 * (shared/api). Any other parameter's value (the lists' `search`, a student's name or mobile number
 * as a teacher typed it, or a parameter added later) is logged as `[redacted]`.
 */
const LOGGED_QUERY_VALUES = new Set(['page', 'limit', 'sort', 'courseId', 'date']);

/** A request's address for the log: the path as it is, each query value not on the list above redacted. */
export function loggedUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // Not decodable: it cannot be one of the listed names.
      }
      return equals < 0 || LOGGED_QUERY_VALUES.has(decoded) ? pair : `${name}=[redacted]`;
    });
  return `${url.slice(0, question)}?${query.join('&')}`;
}

/** What the request log says of a request: Fastify's own fields, with the address as loggedUrl gives it. */
export function reqSerializer(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } | null }): Record<string, unknown> {
  return { method: request.method, url: loggedUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

type LoggerOption = boolean | { level: string; stream?: { write(line: string): void } };

/** Fastify's `logger` option with the safe `err` and `req` serializers (false stays false). */
export function safeLoggerOptions(
  logger: LoggerOption,
): false | { level: string; stream?: { write(line: string): void }; serializers: { err: typeof errSerializer; req: typeof reqSerializer } } {
  if (logger === false) return false;
  const base = logger === true ? { level: 'info' } : logger;
  return { ...base, serializers: { err: errSerializer, req: reqSerializer } };
}
