import { z } from '../zod.js';
import { requiredOr, strictObjectError } from './common.js';
import { DEVICE_DEBUG_ACTIONS, DEVICE_DEBUG_PLATFORM_MAX_LENGTH, DEVICE_DEBUG_USER_AGENT_MAX_LENGTH } from './device-debug-limits.js';

export * from './device-debug-limits.js';

/*
 * POST /api/device-debug (spec section 7): "userAgent, platform, testData (android flag, timestamp,
 * action, userId) | unused; sent when listening starts on Android (and at test start on Android);
 * failures ignored". A small diagnostic report from the /test page; the server answers 204 and logs
 * an allow-listed summary without personal data (src/server/device-debug/).
 */

export const deviceDebugBody = z.strictObject(
  {
    userAgent: z.string({ error: requiredOr('must be text') }).max(DEVICE_DEBUG_USER_AGENT_MAX_LENGTH, `must be at most ${DEVICE_DEBUG_USER_AGENT_MAX_LENGTH} characters`),
    platform: z.string({ error: requiredOr('must be text') }).max(DEVICE_DEBUG_PLATFORM_MAX_LENGTH, `must be at most ${DEVICE_DEBUG_PLATFORM_MAX_LENGTH} characters`),
    testData: z.strictObject(
      {
        android: z.boolean({ error: requiredOr('must be true or false') }),
        timestamp: z.iso.datetime({ offset: true, error: requiredOr('must be an ISO date and time') }),
        action: z.enum(DEVICE_DEBUG_ACTIONS, { error: requiredOr(`must be one of: ${DEVICE_DEBUG_ACTIONS.join(', ')}`) }),
        /** In the spec's payload; accepted and never stored (the session says who is calling). */
        userId: z.union([z.number().int(), z.string().max(64), z.null()], { error: 'must be a number, text or null' }).optional(),
      },
      { error: strictObjectError },
    ),
  },
  { error: strictObjectError },
);
export type DeviceDebugBody = z.infer<typeof deviceDebugBody>;
