import type { SiteEscalationPolicy, SiteEscalationRequest, SitePeopleResponse, SitePerson } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

// Spelled here rather than taken from the sites domain, which shows this one's section: importing
// it back would close a circle between the two.
const escalationPath = (hwaddr: string) => `/api/v2/sites/${encodeURIComponent(hwaddr)}/escalation`;
const peoplePath = (hwaddr: string) => `/api/v2/sites/${encodeURIComponent(hwaddr)}/people`;

const isPeople = (body: unknown): body is SitePeopleResponse =>
  typeof body === 'object' && body !== null && 'people' in body && Array.isArray(body.people);

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

/** Who has access to the site, whom a step may name; `signal` aborts the request. */
export async function fetchSitePeople(claims: string, hwaddr: string, signal?: AbortSignal): Promise<SitePerson[]> {
  return (await apiRequest(peoplePath(hwaddr), { token: claims, signal, isExpectedBody: isPeople })).people;
}

/** Sets the site's later steps (an empty list: no escalation); answers the policy as saved. */
export function saveSiteEscalation(
  claims: string,
  hwaddr: string,
  request: SiteEscalationRequest,
): Promise<SiteEscalationPolicy> {
  return apiRequest(escalationPath(hwaddr), { token: claims, method: 'PUT', body: request, isExpectedBody: isPolicy });
}
