import { formatEventTime } from '@app/contracts';

/**
 * A time as every screen shows it: the spec's DD/MM/YYYY HH:mm:ss in UTC, saying so, so that a
 * reader in another zone never takes it for their own clock's. Empty for a time that is not one.
 */
export function shownTime(value: Date | string | number): string {
  const text = formatEventTime(value);
  return text === '' ? '' : `${text} UTC`;
}
