import type { EventsFilter, EventsPage } from '@app/contracts';
import { apiRequest } from '../app/api-client';
import { sitePath } from '../sites/sites.api';

export function fetchEventsPage(claims: string, hwaddr: string, filter: EventsFilter): Promise<EventsPage> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  return apiRequest(`${sitePath(hwaddr)}/events?${query.toString()}`, { token: claims });
}
