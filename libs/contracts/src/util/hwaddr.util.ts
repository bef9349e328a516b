import { HWADDR_PATTERN } from '../constants/limits.constants';

/**
 * Hardware (MAC) addresses are stored and routed as 12 lowercase hex characters. Users may type them
 * with colons and in either case; they are shown as colon-separated uppercase pairs.
 */

/** Strips colons and surrounding spaces and lowercases; null unless 12 hex characters remain. */
export function normaliseHwaddr(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const candidate = value.trim().replace(/:/g, '').toLowerCase();
  return HWADDR_PATTERN.test(candidate) ? candidate : null;
}

/** True for an address in any accepted input form (colons optional, any case). */
export function isHwaddr(value: unknown): value is string {
  return normaliseHwaddr(value) !== null;
}

/** True only for the stored form: 12 lowercase hex characters, as used in routes. */
export function isNormalisedHwaddr(value: unknown): value is string {
  return typeof value === 'string' && HWADDR_PATTERN.test(value);
}

/** '0011aabbccdd' → '00:11:AA:BB:CC:DD'. A value that is not an address is returned unchanged. */
export function hwaddrToColonForm(hwaddr: string): string {
  const normalised = normaliseHwaddr(hwaddr);
  if (normalised === null) return hwaddr;
  return (normalised.match(/../g) as string[]).join(':').toUpperCase();
}
