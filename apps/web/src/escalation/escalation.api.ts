import type { SiteEscalationPolicy, SiteEscalationRequest } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

// Spelled here rather than taken from the sites domain, which shows this one's section: importing
// it back would close a circle between the two.
const escalationPath = (hwaddr: string) => `/api/v2/sites/${encodeURIComponent(hwaddr)}/escalation`;

const isPolicy = (body: unknown): body is SiteEscalationPolicy =>
  typeof body === 'object' &&
  body !== null &&
  'steps' in body &&
  Array.isArray(body.steps) &&
  'isDefault' in body &&
  typeof body.isDefault === 'boolean';

/** The site's policy; `signal` aborts the request (its section closed before the answer). */
export function fetchSiteEscalation(
  claims: string,
  hwaddr: string,
  signal?: AbortSignal,
): Promise<SiteEscalationPolicy> {
  return apiRequest(escalationPath(hwaddr), { token: claims, signal, isExpectedBody: isPolicy });
}

/** Sets the site's later steps (an empty list: no escalation); answers the policy as saved. */
export function saveSiteEscalation(
  claims: string,
  hwaddr: string,
  request: SiteEscalationRequest,
): Promise<SiteEscalationPolicy> {
  return apiRequest(escalationPath(hwaddr), { token: claims, method: 'PUT', body: request, isExpectedBody: isPolicy });
}
