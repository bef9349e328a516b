/** Browsers by their user agent's marks, the most specific first (Edge and Opera also say Chrome, Chrome says Safari). */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Systems likewise: Android also says Linux, an iPhone or iPad also says Mac OS X. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const find = (table: ReadonlyArray<[RegExp, string]>, userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * A browser as the user knows it, from its user agent: 'Chrome on Android', 'Safari on Mac'; the
 * browser alone when its system is not recognised, and `unknown` when the browser is not.
 */
export function browserName(userAgent: string, unknown = 'Unknown browser'): string {
  const browser = find(BROWSERS, userAgent);
  if (!browser) return unknown;
  const system = find(SYSTEMS, userAgent);
  return system ? `${browser} on ${system}` : browser;
}
