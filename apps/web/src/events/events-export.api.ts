import type { EventsFilter } from '@app/contracts';
import { apiDownload, type ApiFile } from '../shared/api-client';

/** The site's events matching the query, every page of them, as the API's CSV file. */
export function downloadEventsCsv(
  claims: string,
  hwaddr: string,
  query: Omit<EventsFilter, 'limit' | 'offset'>,
): Promise<ApiFile> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return apiDownload(`/api/v2/sites/${encodeURIComponent(hwaddr)}/events/export?${params.toString()}`, {
    token: claims,
  });
}
