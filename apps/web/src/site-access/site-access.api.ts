import type {
  AccessActivity,
  AccessActivityResponse,
  InviteToSiteRequest,
  PendingInvitation,
  SiteAccessList,
} from '@app/contracts';
import { apiRequest } from '../shared/api-client';

// Spelled here rather than taken from the sites domain, which shows this one's section: importing
// it back would close a circle between the two.
const sitePath = (hwaddr: string) => `/api/v2/sites/${encodeURIComponent(hwaddr)}`;

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

const isAccessList = (body: unknown): body is SiteAccessList =>
  isObject(body) && Array.isArray(body.people) && Array.isArray(body.invitations);

const isInvitation = (body: unknown): body is PendingInvitation =>
  isObject(body) && typeof body.id === 'string' && typeof body.email === 'string';

const isActivity = (body: unknown): body is AccessActivityResponse => isObject(body) && Array.isArray(body.activity);

/** Who reaches the site and the invitations waiting (a holder of the panel key). Claims token, as every call here. */
export function fetchSiteAccess(claims: string, hwaddr: string, signal?: AbortSignal): Promise<SiteAccessList> {
  return apiRequest(`${sitePath(hwaddr)}/access`, { token: claims, signal, isExpectedBody: isAccessList });
}

/** Who invited, accepted, revoked… on this site, newest first. */
export async function fetchSiteActivity(
  claims: string,
  hwaddr: string,
  signal?: AbortSignal,
): Promise<AccessActivity[]> {
  return (await apiRequest(`${sitePath(hwaddr)}/activity`, { token: claims, signal, isExpectedBody: isActivity }))
    .activity;
}

/** Invites an e-mail address to the site with a role; the invitee gets a link by e-mail. */
export function inviteToSite(claims: string, hwaddr: string, request: InviteToSiteRequest): Promise<PendingInvitation> {
  return apiRequest(`${sitePath(hwaddr)}/invitations`, { token: claims, body: request, isExpectedBody: isInvitation });
}

/** Withdraws an invitation not yet accepted. */
export async function withdrawSiteInvitation(claims: string, hwaddr: string, invitationId: string): Promise<void> {
  await apiRequest(`${sitePath(hwaddr)}/invitations/${encodeURIComponent(invitationId)}/revoke`, {
    token: claims,
    method: 'POST',
  });
}

/** Revokes the access a person was given by invitation (only `revocable` entries). */
export async function revokeSitePerson(claims: string, hwaddr: string, userId: string): Promise<void> {
  await apiRequest(`${sitePath(hwaddr)}/people/${encodeURIComponent(userId)}/revoke`, {
    token: claims,
    method: 'POST',
  });
}
