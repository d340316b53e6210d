import { deviceInfoFrom, type DeviceInfo } from '../../shared/device';

/* This browser's device, as the user agent tells it (src/shared/device.ts). */

export type { DeviceInfo } from '../../shared/device';

function browserTouchPoints(): number {
  return typeof navigator === 'undefined' ? 0 : (navigator.maxTouchPoints ?? 0);
}

/** What the user agent says about this device (`touchPoints`: navigator.maxTouchPoints, which tells an iPad asking for desktop sites from a Mac). */
export function readDeviceInfo(userAgent: string = navigator.userAgent, touchPoints: number = browserTouchPoints()): DeviceInfo {
  return deviceInfoFrom(userAgent, touchPoints);
}
