/** The browser's own time zone ('Europe/Berlin'); UTC when it names none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The zones to choose from, the given one (the saved or the browser's) included; empty when the
 * browser cannot list them, and the zone is then shown as text only.
 */
export function timeZoneChoices(current: string): string[] {
  const supportedValuesOf = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf;
  if (typeof supportedValuesOf !== 'function') return [];
  let zones: string[];
  try {
    zones = supportedValuesOf('timeZone');
  } catch {
    return [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}
