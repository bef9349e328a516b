import type { PanelClockReading } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

const isReading = (body: unknown): body is PanelClockReading =>
  typeof body === 'object' && body !== null && 'offsetSeconds' in body && 'seenAt' in body && 'panelTime' in body;

/** The panel's clock as its latest event showed it. */
export function fetchPanelClock(claims: string, hwaddr: string): Promise<PanelClockReading> {
  return apiRequest(`/api/v2/sites/${encodeURIComponent(hwaddr)}/clock`, { token: claims, isExpectedBody: isReading });
}
