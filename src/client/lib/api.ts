import { earlyData, readAnswer, takeEarlyAnswer } from './early-data';

/**
 * The one way the client talks to the server (spec section 7): cookies always sent, JSON bodies, and
 * any non-OK response turned into an ApiError whose message is "<status>: <body text or status text>".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's own sentence (`{ message }`), or undefined when it sent none. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON
    }
    return undefined;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server's sentence for an error, else the given fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** What every GET sends (the bootstrap's early requests too, lib/early-data.ts). */
export const GET_INIT: RequestInit = { method: 'GET', credentials: 'include', headers: { accept: 'application/json' } };

/** What a request that never reached the server says: fetch's own ("Failed to fetch", "Load failed") gives nothing to act on. */
export const UNREACHABLE_TEXT = 'Could not reach the server. Check your connection and try again.';

function unreachable(): never {
  throw new Error(UNREACHABLE_TEXT);
}

/** `timeoutMs`: give up after this long (then it reads as unreachable), for a request a person waits on with nothing else to do. */
export interface RequestOptions {
  timeoutMs?: number;
}

export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { ...GET_INIT, method, ...(options.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(options.timeoutMs) }) };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  // The page's first GET may have been asked for by the bootstrap already; if that failed, ask again.
  const early = method === 'GET' ? await takeEarlyAnswer(url)?.catch(() => undefined) : undefined;
  const { ok, status, statusText, text } = early ?? (await readAnswer(await fetch(url, init).catch(unreachable)));
  if (!ok) throw new ApiError(status, text, statusText);
  return (text ? JSON.parse(text) : null) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);
export const apiPost = <T>(url: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', url, body, options);

/**
 * A query's GET of `url`. When the bootstrap asked for it early and the answer is in, the query
 * starts with it (lib/early-data.ts): the page's first render draws the data, not a loading state.
 */
export const getQuery = <T>(url: string) => ({ queryFn: () => apiGet<T>(url), initialData: () => earlyData<T>(url) });
