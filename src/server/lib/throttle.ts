import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-errors.js';

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A request budget built on @fastify/rate-limit's counters: at most `max` requests per `windowMs` for
 * each key, then 429 with Retry-After and a message saying when to try again. Several budgets can guard
 * one route (per client and per account), which the plugin's own per-route hook does not allow.
 */
export function throttle(
  app: FastifyInstance,
  options: { max: number; windowMs: number; what: string; key: (request: FastifyRequest) => string },
): (request: FastifyRequest) => Promise<void> {
  const limiter = app.createRateLimit({ max: options.max, timeWindow: options.windowMs, keyGenerator: options.key });
  return async (request) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    throw new HttpError(429, `Too many ${options.what}. Please wait ${describeWait(seconds)} and try again.`, {
      'retry-after': String(seconds),
    });
  };
}
