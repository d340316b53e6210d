/*
 * What the user agent says about this device: enough for the spec's device rules (section 4: Android,
 * Apple devices, everything else) and the /test page's device card (platform and browser), in the
 * browser (src/client/lib/device.ts) and on the server, which draws that card in /test's first frame
 * (src/server/lib/route-preloads.ts). Read from
 * the user-agent string, which every browser sends (and which test browsers and DevTools' device mode
 * set): client hints (navigator.userAgentData) exist only in Chromium browsers, carry no system
 * version without an asynchronous request, and are not changed by a user-agent override. Decision
 * 0024 replaced bowser (7.3 KB gzip on the first visit of /test and /student) with this module; its
 * tests pin the same answers as bowser 2.15 for the spec's browsers (device.test.ts).
 */

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

/** First capture of `pattern` in the user agent, or '' when it does not match. */
function capture(userAgent: string, pattern: RegExp): string {
  return pattern.exec(userAgent)?.[1] ?? '';
}

/*
 * Browsers by the token their user agent adds, most specific first: Samsung Internet, Edge and Opera
 * also carry Chrome's token, iOS browsers Safari's, and Chrome and Firefox on iOS name themselves
 * CriOS and FxiOS. Other browsers built on Chromium or WebKit show as Chrome or Safari.
 */
const BROWSERS: ReadonlyArray<readonly [name: string, version: RegExp]> = [
  ['Samsung Internet for Android', /SamsungBrowser\/([\d.]+)/],
  ['Microsoft Edge', /\b(?:Edg|Edge|EdgA|EdgiOS)\/([\d.]+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/([\d.]+)/],
];

function readBrowser(userAgent: string, apple: boolean): { name: string; version: string } {
  for (const [name, version] of BROWSERS) {
    if (version.test(userAgent)) return { name, version: capture(userAgent, version) };
  }
  // Safari (and the web views of iOS apps, which are Safari's engine without its version).
  if (/Safari\//.test(userAgent) || (apple && /AppleWebKit\//.test(userAgent))) return { name: 'Safari', version: capture(userAgent, /Version\/([\d.]+)/) };
  return { name: 'Unknown', version: '' };
}

interface System {
  name: string;
  version: string;
  type: string;
  model: string;
}

function readSystem(userAgent: string, touchPoints: number): System {
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(userAgent)?.[1];
  if (apple) {
    return {
      name: 'iOS',
      version: capture(userAgent, /\bOS (\d+(?:_\d+)*) like Mac OS X/).replaceAll('_', '.'),
      type: apple === 'iPad' ? 'tablet' : 'mobile',
      model: apple,
    };
  }
  if (/Android/.test(userAgent)) {
    // Android phones' browsers say "Mobile"; tablets' do not.
    return { name: 'Android', version: capture(userAgent, /Android[ /]?([\d.]*)/), type: /Mobile/.test(userAgent) ? 'mobile' : 'tablet', model: '' };
  }
  if (/CrOS/.test(userAgent)) return { name: 'Chrome OS', version: '', type: 'desktop', model: '' };
  if (/Macintosh|Mac OS X/.test(userAgent)) {
    // iPadOS Safari asks for desktop sites by default and then says "Macintosh"; only the touch
    // screen tells it from a Mac (whose user agent version is frozen, so none is shown).
    if (touchPoints > 1) return { name: 'iPadOS', version: '', type: 'tablet', model: 'iPad' };
    return { name: 'macOS', version: capture(userAgent, /Mac OS X (\d+(?:[_.]\d+)*)/).replaceAll('_', '.'), type: 'desktop', model: '' };
  }
  if (/Windows/.test(userAgent)) {
    const nt = capture(userAgent, /Windows NT ([\d.]+)/);
    return { name: 'Windows', version: nt ? `NT ${nt}` : '', type: 'desktop', model: '' };
  }
  if (/Linux|X11/.test(userAgent)) return { name: 'Linux', version: '', type: 'desktop', model: '' };
  return { name: 'Unknown', version: '', type: 'desktop', model: '' };
}

/**
 * What the user agent says about this device (`touchPoints`: navigator.maxTouchPoints, which tells an
 * iPad asking for desktop sites from a Mac; the server, which has only the user agent, passes 0).
 */
export function deviceInfoFrom(userAgent: string, touchPoints: number): DeviceInfo {
  const system = readSystem(userAgent, touchPoints);
  const isApple = system.name === 'iOS' || system.name === 'iPadOS' || system.name === 'macOS';
  const browser = readBrowser(userAgent, isApple);
  return {
    isAndroid: system.name === 'Android',
    // iPhones, iPads and Macs: where the spec's Apple-device rules apply.
    isApple,
    isMobile: system.type === 'mobile' || system.type === 'tablet',
    osName: system.name,
    osVersion: system.version,
    browserName: browser.name,
    browserVersion: browser.version,
    platformType: system.type,
    model: system.model,
  };
}

function versioned(name: string, version: string): string {
  return version ? `${name} ${version}` : name;
}

/** The /test page's device card (SPEC.md section 2): Android's details, or the platform and browser, as label and value. */
export function deviceRows(device: DeviceInfo): Array<[label: string, value: string]> {
  return device.isAndroid
    ? [
        ['Device', `Android ${device.osVersion}`.trim() + (device.model ? ` (${device.model})` : '')],
        ['Browser', versioned(device.browserName, device.browserVersion)],
        ['Live transcript', 'Not shown on Android devices'],
      ]
    : [
        ['Platform', versioned(device.osName, device.osVersion) + (device.platformType ? ` · ${device.platformType}` : '')],
        ['Browser', versioned(device.browserName, device.browserVersion)],
      ];
}
