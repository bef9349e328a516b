/** The status of a user's claim on a site (spec 2.4, 4). Any value but these two means unauthorised. */

export const SITE_STATUSES = ['AUTHED', 'WAITING', 'UNAUTHORISED'] as const;

export type SiteStatus = (typeof SITE_STATUSES)[number];

export const SITE_STATUS_TEXTS = {
  AUTHED: 'Authorised',
  WAITING: 'Enable panel connection from Network > Cloud or trigger an event on the panel to verify this connection',
  UNAUTHORISED: 'Unauthorised: Click to re-enter key.',
} as const;

export function isAuthorised(status: string | null | undefined): boolean {
  return status === 'AUTHED';
}

export function isWaiting(status: string | null | undefined): boolean {
  return status === 'WAITING';
}

/** Folds any stored or reported status onto the three the portal knows. */
export function toSiteStatus(status: string | null | undefined): SiteStatus {
  return status === 'AUTHED' || status === 'WAITING' ? status : 'UNAUTHORISED';
}

/** The tile's status text; an unauthorised site also shows the admin key that was entered. */
export function siteStatusText(status: string | null | undefined, adminKey?: string): string {
  const known = toSiteStatus(status);
  const text = SITE_STATUS_TEXTS[known];
  return known === 'UNAUTHORISED' && adminKey ? `${text} ${adminKey}` : text;
}
