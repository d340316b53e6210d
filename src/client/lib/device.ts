import Bowser from 'bowser';

export interface DeviceInfo {
  isAndroid: boolean;
  isApple: boolean;
  isMobile: boolean;
  osName: string;
  osVersion: string;
  browserName: string;
  browserVersion: string;
  platformType: string;
  model: string;
}

/** What the user agent says about this device, read by a maintained parser (no hand-written regexes). */
export function readDeviceInfo(userAgent: string = navigator.userAgent): DeviceInfo {
  const parser = Bowser.getParser(userAgent);
  const os = parser.getOS();
  const browser = parser.getBrowser();
  const platform = parser.getPlatform();
  const osName = os.name ?? 'Unknown';
  return {
    isAndroid: osName === 'Android',
    // iPhones and iPads, and Safari on a Mac: where the spec's Apple-device rules apply.
    isApple: osName === 'iOS' || platform.vendor === 'Apple' || (osName === 'macOS' && browser.name === 'Safari'),
    isMobile: platform.type === 'mobile' || platform.type === 'tablet',
    osName,
    osVersion: os.version ?? '',
    browserName: browser.name ?? 'Unknown',
    browserVersion: browser.version ?? '',
    platformType: platform.type ?? 'desktop',
    model: platform.model ?? '',
  };
}
