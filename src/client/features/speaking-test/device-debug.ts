import type { DeviceDebugAction, DeviceDebugBody } from '../../../shared/api/device-debug';
import { DEVICE_DEBUG_URL } from '../../../shared/api/device-debug-limits';

/**
 * Spec section 7: on Android the /test page sends `POST /api/device-debug` when the test starts and
 * each time listening starts; the answer is unused and failures are ignored. Fire and forget: no
 * await, no retry, no toast. No userId: the server knows the caller from the session and keeps no
 * personal data (src/server/device-debug/).
 */
export function sendDeviceDebug(action: DeviceDebugAction): void {
  const body: DeviceDebugBody = {
    userAgent: navigator.userAgent.slice(0, 512),
    platform: (navigator.platform || '').slice(0, 64),
    testData: { android: true, timestamp: new Date().toISOString(), action },
  };
  try {
    void fetch(DEVICE_DEBUG_URL, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Ignored, as the spec says.
  }
}
