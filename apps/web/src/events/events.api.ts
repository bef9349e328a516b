import type { EventsFilter, EventsPage } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

export function fetchEventsPage(claims: string, hwaddr: string, filter: EventsFilter): Promise<EventsPage> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  return apiRequest(`/api/v2/sites/${encodeURIComponent(hwaddr)}/events?${query.toString()}`, { token: claims });
}
