/*
 * Device detection (decision 0024): the spec's device rules (section 4) and the /test page's device
 * card read the user agent through readDeviceInfo. Its answers are pinned for the browsers the school
 * sees, and compared with bowser 2.15 (the parser it replaced, still the server's for device reports)
 * as the device module read it before.
 */
import Bowser from 'bowser';
import { describe, expect, it } from 'vitest';
import { readDeviceInfo, type DeviceInfo } from './device';

/** The module as it was with bowser (src/client/lib/device.ts before decision 0024). */
function withBowser(userAgent: string): DeviceInfo {
  const parser = Bowser.getParser(userAgent);
  const os = parser.getOS();
  const browser = parser.getBrowser();
  const platform = parser.getPlatform();
  const osName = os.name ?? 'Unknown';
  return {
    isAndroid: osName === 'Android',
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

const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36',
  chromeAndroidReduced: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  chromeAndroidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  androidWebView: 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36',
  samsungInternet: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  samsungInternetTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  firefoxAndroidTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:133.0) Gecko/133.0 Firefox/133.0',
  edgeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariIpad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  safariIpod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  iosWebView: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  edgeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/131.0.2903.63 Mobile/15E148 Safari/605.1.15',
  /** iPadOS Safari asks for desktop sites by default: the user agent of Safari on a Mac. */
  ipadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxWindows7: 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  edgeLegacy: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
  operaWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeOs: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
} as const;

/** Only what the spec's rules read. */
function kind(info: DeviceInfo): string {
  return info.isAndroid ? 'android' : info.isApple ? 'apple' : 'desktop';
}

describe('readDeviceInfo', () => {
  it.each([
    ['chromeAndroid', 'android'],
    ['chromeAndroidReduced', 'android'],
    ['chromeAndroidTablet', 'android'],
    ['androidWebView', 'android'],
    ['samsungInternet', 'android'],
    ['samsungInternetTablet', 'android'],
    ['firefoxAndroid', 'android'],
    ['firefoxAndroidTablet', 'android'],
    ['edgeAndroid', 'android'],
    ['safariIphone', 'apple'],
    ['safariIpad', 'apple'],
    ['safariIpod', 'apple'],
    ['iosWebView', 'apple'],
    ['chromeIos', 'apple'],
    ['firefoxIos', 'apple'],
    ['edgeIos', 'apple'],
    ['ipadDesktopMode', 'apple'],
    ['safariMac', 'apple'],
    ['chromeMac', 'apple'],
    ['firefoxMac', 'apple'],
    ['chromeWindows', 'desktop'],
    ['firefoxWindows', 'desktop'],
    ['firefoxWindows7', 'desktop'],
    ['edgeWindows', 'desktop'],
    ['edgeLegacy', 'desktop'],
    ['operaWindows', 'desktop'],
    ['chromeLinux', 'desktop'],
    ['headlessChrome', 'desktop'],
    ['firefoxLinux', 'desktop'],
    ['chromeOs', 'desktop'],
  ] as const)('%s: the spec treats it as %s', (name, expected) => {
    expect(kind(readDeviceInfo(UA[name], 0))).toBe(expected);
    // An iPad asking for desktop sites has a touch screen; so may a Windows or Linux laptop, which stays what it is.
    if (expected !== 'android') expect(kind(readDeviceInfo(UA[name], 5))).toBe(expected);
  });

  it.each(Object.keys(UA) as Array<keyof typeof UA>)('%s: the same answer as bowser 2.15', (name) => {
    expect(readDeviceInfo(UA[name], 0)).toEqual(withBowser(UA[name]));
  });

  it('reads the device card’s details (Android: version; otherwise system, version, platform; browser and version)', () => {
    expect(readDeviceInfo(UA.chromeAndroid, 5)).toEqual({
      isAndroid: true,
      isApple: false,
      isMobile: true,
      osName: 'Android',
      osVersion: '14',
      browserName: 'Chrome',
      browserVersion: '131.0.6778.135',
      platformType: 'mobile',
      model: '',
    });
    expect(readDeviceInfo(UA.samsungInternet, 5)).toMatchObject({ isAndroid: true, browserName: 'Samsung Internet for Android', browserVersion: '25.0', platformType: 'mobile' });
    expect(readDeviceInfo(UA.firefoxAndroid, 5)).toMatchObject({ isAndroid: true, osVersion: '14', browserName: 'Firefox', browserVersion: '133.0' });
    expect(readDeviceInfo(UA.safariIphone, 5)).toMatchObject({ isApple: true, osName: 'iOS', osVersion: '17.5', browserName: 'Safari', browserVersion: '17.5', platformType: 'mobile', model: 'iPhone' });
    expect(readDeviceInfo(UA.safariIpad, 5)).toMatchObject({ isApple: true, osName: 'iOS', osVersion: '16.6', platformType: 'tablet', model: 'iPad' });
    expect(readDeviceInfo(UA.chromeIos, 5)).toMatchObject({ isApple: true, osName: 'iOS', browserName: 'Chrome', browserVersion: '131.0.6778.73' });
    expect(readDeviceInfo(UA.firefoxIos, 5)).toMatchObject({ isApple: true, osName: 'iOS', browserName: 'Firefox', browserVersion: '133.0' });
    expect(readDeviceInfo(UA.chromeWindows, 0)).toMatchObject({ isApple: false, isMobile: false, osName: 'Windows', osVersion: 'NT 10.0', browserName: 'Chrome', platformType: 'desktop' });
    expect(readDeviceInfo(UA.firefoxWindows, 0)).toMatchObject({ osName: 'Windows', browserName: 'Firefox', browserVersion: '133.0' });
    expect(readDeviceInfo(UA.edgeWindows, 0)).toMatchObject({ osName: 'Windows', browserName: 'Microsoft Edge', browserVersion: '131.0.2903.86' });
    expect(readDeviceInfo(UA.safariMac, 0)).toMatchObject({ isApple: true, osName: 'macOS', osVersion: '10.15.7', browserName: 'Safari', browserVersion: '18.1', platformType: 'desktop' });
    expect(readDeviceInfo(UA.chromeLinux, 0)).toMatchObject({ osName: 'Linux', osVersion: '', browserName: 'Chrome', platformType: 'desktop' });
  });

  it('tells an iPad asking for desktop sites from a Mac by its touch screen (bowser read it as a Mac)', () => {
    expect(readDeviceInfo(UA.ipadDesktopMode, 5)).toEqual({
      isAndroid: false,
      isApple: true,
      isMobile: true,
      osName: 'iPadOS',
      osVersion: '',
      browserName: 'Safari',
      browserVersion: '17.5',
      platformType: 'tablet',
      model: 'iPad',
    });
    expect(readDeviceInfo(UA.ipadDesktopMode, 0)).toMatchObject({ isApple: true, osName: 'macOS', platformType: 'desktop', model: '' });
  });

  it('names other browsers by the engine family they carry (bowser had their own names)', () => {
    const yandex = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 YaBrowser/24.7.0.0 Safari/537.36';
    expect(readDeviceInfo(yandex, 0)).toMatchObject({ isAndroid: false, isApple: false, osName: 'Windows', browserName: 'Chrome', browserVersion: '126.0.0.0' });
    const googleAppIos = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/330.0.665236494 Mobile/15E148 Safari/604.1';
    expect(readDeviceInfo(googleAppIos, 5)).toMatchObject({ isApple: true, osName: 'iOS', browserName: 'Safari', browserVersion: '' });
    const silk = 'Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/131.1.1 like Chrome/131.0.6778.135 Safari/537.36';
    expect(readDeviceInfo(silk, 5)).toMatchObject({ isAndroid: true, platformType: 'tablet', browserName: 'Chrome' });
  });

  it('says Unknown when the user agent names nothing it knows, or is empty (where bowser threw)', () => {
    expect(readDeviceInfo('curl/8.5.0', 0)).toMatchObject({ isAndroid: false, isApple: false, osName: 'Unknown', browserName: 'Unknown', platformType: 'desktop' });
    expect(() => withBowser('')).toThrow();
    expect(readDeviceInfo('', 0)).toMatchObject({ isAndroid: false, isApple: false, osName: 'Unknown', browserName: 'Unknown', platformType: 'desktop' });
  });
});
