import { formatEventTime, panelClockOff } from '@app/contracts';

/**
 * A time as every screen shows it: the spec's DD/MM/YYYY HH:mm:ss in UTC, saying so, so that a
 * reader in another zone never takes it for their own clock's. Empty for a time that is not one.
 */
export function shownTime(value: Date | string | number): string {
  const text = formatEventTime(value);
  return text === '' ? '' : `${text} UTC`;
}

/**
 * What the panel's clock said of an event, shown beside its arrival when the two differ by more than
 * the desync threshold ('Panel clock: DD/MM/YYYY HH:mm:ss UTC'); null when they agree.
 */
export function shownPanelTime(event: { date: string; receivedAt: string }, thresholdSeconds: number): string | null {
  return panelClockOff(event.date, event.receivedAt, thresholdSeconds) ? `Panel clock: ${shownTime(event.date)}` : null;
}
