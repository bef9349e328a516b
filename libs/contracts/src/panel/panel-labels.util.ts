import { portTypeLabel } from './port-types.catalogue';

/** The panel label: its name, or 'Panel {networkId}' when it has none. */
export function panelLabel(name: string | null | undefined, networkId: number): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : `Panel ${networkId}`;
}

/**
 * The module label 'port id - port type'. Users see the port type's label (e.g. '3 - TCP/IP')
 * rather than its code; a code this portal does not know is shown as reported.
 */
export function moduleLabel(portId: number, portType: string): string {
  return `${portId} - ${portTypeLabel(portType)}`;
}

/** Zone badges number zones from 1 while zone ids start at 0. */
export function zoneBadgeNumber(zoneId: number): number {
  return zoneId + 1;
}
