import type { RootState } from '../shared/root-state.types';
import { clockReadingText } from './clock-reading.util';

/** What the panel's About says of its clock: null until the reading is answered. */
export function selectPanelClockText(state: RootState, hwaddr: string): string | null {
  const site = state.panelClock.sites[hwaddr];
  if (!site) return null;
  if (site.reading) return clockReadingText(site.reading);
  return site.error === null ? null : `The clock could not be read: ${site.error}`;
}
