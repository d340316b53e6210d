import Bowser from 'bowser';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../shared/zod.js';
import { errorBody } from '../../shared/api/common.js';
import { DEVICE_DEBUG_BODY_LIMIT_BYTES, DEVICE_DEBUG_URL, deviceDebugBody, type DeviceDebugBody } from '../../shared/api/device-debug.js';
import { requireAuth } from '../auth/access.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../lib/http-errors.js';
import { throttle } from '../lib/throttle.js';

/*
 * POST /api/device-debug (spec section 7): the /test page on Android reports the device when the test
 * starts and each time listening starts; the page ignores the answer and any failure. Here it is
 * accepted (204), bounded (a 2 KB body, a budget per caller) and written to the log as an allow-listed
 * summary only: the browser and system families and their major versions, the platform's family, the
 * Android flag, the action and the device's clock. Never the raw user agent (it can carry anything),
 * the userId of the spec's payload, or who the caller is (the request log line has the request id to
 * match it with, when needed, without a name in this line).
 */

/**
 * Reports per signed-in caller: a test starts listening about 25 times in 15 minutes (Android's Part 2
 * more often, on each restart); one a second is far above that, and more is dropped (429, which the
 * page ignores).
 */
export const DEVICE_DEBUG_BUDGET = { max: 60, windowMs: 60 * 1000 };

export const DEVICE_DEBUG_TOO_LARGE = `A device report is at most ${DEVICE_DEBUG_BODY_LIMIT_BYTES / 1024} KB.`;

/** Browser names Bowser knows that the log may show; anything else (Bowser echoes an unknown user agent's first word) is "other". */
const KNOWN_BROWSERS = new Set([
  'Chrome',
  'Chromium',
  'Firefox',
  'Safari',
  'Microsoft Edge',
  'Opera',
  'Samsung Internet for Android',
  'Android Browser',
  'UC Browser',
  'Yandex Browser',
  'Vivaldi',
  'Brave',
  'MIUI Browser',
  'Focus',
  'DuckDuckGo',
  'WebView',
]);
const KNOWN_SYSTEMS = new Set(['Android', 'iOS', 'Linux', 'macOS', 'Windows', 'Chrome OS', 'HarmonyOS', 'Windows Phone', 'Tizen', 'WebOS', 'BlackBerry']);
const PLATFORM_FAMILIES: Array<[RegExp, string]> = [
  [/android/i, 'Android'],
  [/iphone|ipad|ipod/i, 'iOS'],
  [/mac/i, 'macOS'],
  [/win/i, 'Windows'],
  [/cros/i, 'Chrome OS'],
  [/linux/i, 'Linux'],
];

/** The leading number of a version ("131.0.6778.39" -> "131"), at most 4 digits; "" when there is none. */
function majorVersion(version: string | undefined): string {
  return /^\d{1,4}(?!\d)/.exec(version ?? '')?.[0] ?? '';
}

/** What the log keeps of a report: families, major versions and the closed fields; nothing typed by a person. */
export interface DeviceDebugSummary {
  action: DeviceDebugBody['testData']['action'];
  android: boolean;
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  platform: string;
  /** How far the device's clock is from the server's, in whole seconds (device minus server). */
  clockSkewSeconds: number;
}

/** Bowser's reading of a user agent; nothing when it cannot read one (it throws on an empty one). */
function parseUserAgent(userAgent: string): { browser: { name?: string; version?: string }; os: { name?: string; version?: string } } {
  try {
    return Bowser.parse(userAgent);
  } catch {
    return { browser: {}, os: {} };
  }
}

export function summariseDeviceReport(body: DeviceDebugBody, now: Date): DeviceDebugSummary {
  const parsed = parseUserAgent(body.userAgent);
  const browser = parsed.browser.name ?? '';
  const os = parsed.os.name ?? '';
  const platform = PLATFORM_FAMILIES.find(([pattern]) => pattern.test(body.platform))?.[1] ?? (body.platform.trim() ? 'other' : 'unknown');
  return {
    action: body.testData.action,
    android: body.testData.android,
    browser: KNOWN_BROWSERS.has(browser) ? browser : browser ? 'other' : 'unknown',
    browserVersion: KNOWN_BROWSERS.has(browser) ? majorVersion(parsed.browser.version) : '',
    os: KNOWN_SYSTEMS.has(os) ? os : os ? 'other' : 'unknown',
    osVersion: KNOWN_SYSTEMS.has(os) ? majorVersion(parsed.os.version) : '',
    platform,
    clockSkewSeconds: Math.round((Date.parse(body.testData.timestamp) - now.getTime()) / 1000),
  };
}

function declaredLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  const length = typeof header === 'string' ? Number(header) : NaN;
  return Number.isFinite(length) ? length : null;
}

export async function deviceDebugRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'now'>): Promise<void> {
  // Per caller, not per address: a classroom's phones share one address.
  const perCaller = throttle(app, { ...DEVICE_DEBUG_BUDGET, what: 'device reports from this account', key: (request) => `device-debug:${requireAuth(request).user.id}` });

  app.withTypeProvider<ZodTypeProvider>().post(DEVICE_DEBUG_URL, {
    // The /test page is for signed-in users (a student, or a teacher's device); a deactivated student's access is revoked (access.ts).
    config: { access: 'signedIn' },
    // Fastify refuses a larger body whatever its framing (a chunked one too) with "The request body is too large."
    bodyLimit: DEVICE_DEBUG_BODY_LIMIT_BYTES,
    schema: { body: deviceDebugBody, response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 429: errorBody } },
    // A declared length over the limit is refused before anything is read, with this route's own sentence.
    onRequest: async (request) => {
      const length = declaredLength(request);
      if (length !== null && length > DEVICE_DEBUG_BODY_LIMIT_BYTES) throw new HttpError(413, DEVICE_DEBUG_TOO_LARGE);
    },
    preHandler: perCaller,
    handler: async (request, reply) => {
      request.log.info({ deviceDebug: summariseDeviceReport(request.body, deps.now()) }, 'device report');
      return reply.status(204).send(null);
    },
  });
}
