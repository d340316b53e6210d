/* POST /api/device-debug's address and limits, without Zod: the /test page sends its report without loading the contracts' library (decision 0023). */

export const DEVICE_DEBUG_URL = '/api/device-debug';
/** The body limit of this route alone: a report is a few hundred bytes. */
export const DEVICE_DEBUG_BODY_LIMIT_BYTES = 2 * 1024;
export const DEVICE_DEBUG_USER_AGENT_MAX_LENGTH = 512;
export const DEVICE_DEBUG_PLATFORM_MAX_LENGTH = 64;
/** What the page was doing: a closed list, so that no free text reaches the log. */
export const DEVICE_DEBUG_ACTIONS = ['test-start', 'listening-start'] as const;
export type DeviceDebugAction = (typeof DEVICE_DEBUG_ACTIONS)[number];
