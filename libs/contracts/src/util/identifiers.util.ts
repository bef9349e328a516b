import { NETWORK_ID_MAX, NETWORK_ID_MIN, NETWORK_ID_PATTERN, PANEL_KEY_PATTERN } from '../constants/limits.constants';

/** A panel admin key: exactly 4 digits, kept as a string so leading zeros survive. */
export function isKey(value: unknown): value is string {
  return typeof value === 'string' && PANEL_KEY_PATTERN.test(value);
}

/** A panel network id, 1 to 99, given as a number or as the 1-2 digits of a route. */
export function isNetworkId(value: unknown): boolean {
  if (typeof value === 'string') {
    return NETWORK_ID_PATTERN.test(value) && isNetworkId(Number(value));
  }
  return typeof value === 'number' && Number.isInteger(value) && value >= NETWORK_ID_MIN && value <= NETWORK_ID_MAX;
}
