import { PUSH_DEVICE_NAME_MAX_LENGTH } from '@app/contracts';

/** Browsers by their user agent's marks, the most specific first (Edge and Opera also say Chrome, Chrome says Safari). */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Systems likewise: Android also says Linux, an iPhone also says Mac OS X. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const find = (table: ReadonlyArray<[RegExp, string]>, userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/** How the device list names a browser: 'Chrome on Android', 'Safari on iPhone'; 'Browser' when unknown. */
export function deviceName(userAgent: string): string {
  const browser = find(BROWSERS, userAgent) ?? 'Browser';
  const system = find(SYSTEMS, userAgent);
  return (system ? `${browser} on ${system}` : browser).slice(0, PUSH_DEVICE_NAME_MAX_LENGTH);
}
