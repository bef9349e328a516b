import type { ClaimCreateRequest, SiteDetail, SiteSummary, SiteTestMode, TestModeStartRequest } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

/** The API path of one site; its sub-resources hang below it. */
export const sitePath = (hwaddr: string) => `/api/v2/sites/${encodeURIComponent(hwaddr)}`;

export function fetchSites(claims: string): Promise<SiteSummary[]> {
  return apiRequest('/api/v2/sites', {
    token: claims,
    isExpectedBody: (body): body is SiteSummary[] => Array.isArray(body),
  });
}

export function fetchSiteDetail(claims: string, hwaddr: string): Promise<SiteDetail> {
  return apiRequest(sitePath(hwaddr), { token: claims });
}

export function renameSite(claims: string, hwaddr: string, name: string): Promise<unknown> {
  return apiRequest(`${sitePath(hwaddr)}/name`, { token: claims, body: { name } });
}

export function markEventsSeen(claims: string, hwaddr: string): Promise<unknown> {
  return apiRequest(`${sitePath(hwaddr)}/resetEvent`, { token: claims, body: {} });
}

export function createClaim(session: string, request: ClaimCreateRequest): Promise<unknown> {
  return apiRequest('/api/v2/claims/create', { token: session, body: request });
}

export function removeClaim(session: string, hwaddr: string): Promise<unknown> {
  return apiRequest('/api/v2/claims/remove', { token: session, body: { hwaddr } });
}

export function setSiteEmails(session: string, hwaddr: string, state: boolean): Promise<unknown> {
  return apiRequest(`/api/v2/claims/email/${encodeURIComponent(hwaddr)}`, { token: session, body: { state } });
}

/** Starts the site's test mode (docs/test-mode.md); answers it as stored. */
export function startTestMode(claims: string, hwaddr: string, request: TestModeStartRequest): Promise<SiteTestMode> {
  return apiRequest(`${sitePath(hwaddr)}/test-mode`, { token: claims, body: request });
}

export function endTestMode(claims: string, hwaddr: string): Promise<unknown> {
  return apiRequest(`${sitePath(hwaddr)}/test-mode`, { token: claims, method: 'DELETE' });
}
