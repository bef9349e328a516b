/**
 * Companies, roles, invitations and sites shared without a company (docs/access.md, "Teams").
 * Dates are ISO 8601 strings.
 */

/** A company member's role: admin (members, roles, the company's sites), technician, viewer. */
export const COMPANY_ROLES = ['admin', 'technician', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** The role a site is shared with, without a company. */
export const SITE_SHARE_ROLES = ['technician', 'viewer'] as const;
export type SiteShareRole = (typeof SITE_SHARE_ROLES)[number];

/** How a user reaches a site: their own claim by the panel's key, a company, an invitation to the site. */
export type SiteAccessVia = 'key' | 'company' | 'invitation';

/** The user's role on one site: `holder` proved the panel's key (every right). */
export type SiteRole = 'holder' | CompanyRole;

/**
 * What a user may do on a site beyond seeing it: `control` (panel commands, panel, zone, module and
 * device edits, Sync panel clock, test mode, relay actions, webhook and escalation settings),
 * `share` (invite people to the site and revoke them). A viewer has neither.
 */
export type PanelRight = 'control' | 'share';

/** Each role as people read it: pages, mails, activity. */
export const SITE_ROLE_LABELS: Readonly<Record<SiteRole, string>> = {
  holder: 'Holder',
  admin: 'Admin',
  technician: 'Technician',
  viewer: 'Viewer',
};

/** The rights of each role on a site. */
export const SITE_ROLE_RIGHTS: Readonly<Record<SiteRole, readonly PanelRight[]>> = {
  holder: ['control', 'share'],
  admin: ['control'],
  technician: ['control'],
  viewer: [],
};

/** Added to each site of GET /v2/sites and GET /v2/sites/{hwaddr}: how the user reaches it. */
export interface SiteAccess {
  via: SiteAccessVia;
  role: SiteRole;
  rights: PanelRight[];
  /** The company it comes with (`via: 'company'`), else null. */
  companyName: string | null;
}

/** The refusal of a viewer's (or a technician's sharing) call: 403 with this `err`. */
export const NO_CONTROL_RIGHT = 'Your role on this site lets you watch it, not change it';
export const NO_SHARE_RIGHT = 'Only a holder of the panel key can share this site';

/** GET /v2/companies: the companies the user is a member of. */
export interface CompanySummary {
  id: string;
  name: string;
  /** The user's role in it. */
  role: CompanyRole;
  /** Members must use two-factor sign-in: without it, the company's sites stay closed to them. */
  requireTwoFactor: boolean;
  createdAt: string;
}

export interface CompaniesResponse {
  companies: CompanySummary[];
}

export interface CompanyMember {
  userId: string;
  name: string;
  email: string;
  role: CompanyRole;
  twoFactor: boolean;
  joinedAt: string;
}

export interface CompanySite {
  hwaddr: string;
  /** The name the member who added it gave it ('' when none). */
  name: string;
  addedBy: string;
  addedAt: string;
}

export type InvitationRole = CompanyRole;

export interface PendingInvitation {
  id: string;
  email: string;
  role: InvitationRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/** GET /v2/companies/{id}: every member sees it; invitations are listed to admins only ([] otherwise). */
export interface CompanyDetail extends CompanySummary {
  members: CompanyMember[];
  sites: CompanySite[];
  invitations: PendingInvitation[];
}

/** POST /v2/companies */
export interface CreateCompanyRequest {
  name: string;
}

/** PATCH /v2/companies/{id} (admin) */
export interface UpdateCompanyRequest {
  name?: string;
  requireTwoFactor?: boolean;
}

/** POST /v2/companies/{id}/invitations (admin) */
export interface InviteToCompanyRequest {
  email: string;
  role: CompanyRole;
}

/** PATCH /v2/companies/{id}/members/{userId} (admin) */
export interface ChangeMemberRoleRequest {
  role: CompanyRole;
}

/** POST /v2/companies/{id}/sites (a member holding the site's key, admin or technician) */
export interface AddCompanySiteRequest {
  hwaddr: string;
}

/** POST /v2/sites/{hwaddr}/invitations (a holder of the site's key) */
export interface InviteToSiteRequest {
  email: string;
  role: SiteShareRole;
}

/** One person who reaches a site, as GET /v2/sites/{hwaddr}/access lists them. */
export interface SiteAccessEntry {
  userId: string;
  name: string;
  email: string;
  via: SiteAccessVia;
  role: SiteRole;
  companyName: string | null;
  /** A holder may revoke it: a share by invitation. */
  revocable: boolean;
}

/** GET /v2/sites/{hwaddr}/access (a holder of the site's key) */
export interface SiteAccessList {
  people: SiteAccessEntry[];
  invitations: PendingInvitation[];
}

/** GET /v2/invitations/{token} (no token needed): what the link offers, shown before accepting. */
export interface InvitationPreview {
  kind: 'company' | 'site';
  /** The address it was sent to: only an account with this address may accept it. */
  email: string;
  role: InvitationRole;
  invitedBy: string;
  /** The company's name (kind company) or the site's name as the inviter calls it (kind site). */
  target: string;
  expiresAt: string;
}

/** POST /v2/invitations/accept (session token) */
export interface AcceptInvitationRequest {
  token: string;
}

export interface AcceptInvitationResponse {
  kind: 'company' | 'site';
  /** The company joined (kind company), else null. */
  companyId: string | null;
  /** The site shared (kind site), else null. */
  hwaddr: string | null;
}

export const ACCESS_ACTIVITY_KINDS = [
  'company-created',
  'invitation-sent',
  'invitation-revoked',
  'invitation-accepted',
  'role-changed',
  'member-removed',
  'member-left',
  'site-added',
  'site-removed',
  'share-revoked',
  'two-factor-required',
  'two-factor-not-required',
  'two-factor-on',
  'two-factor-off',
  'session-ended',
  'other-sessions-ended',
] as const;
export type AccessActivityKind = (typeof ACCESS_ACTIVITY_KINDS)[number];

/**
 * GET /v2/companies/{id}/activity (admin) and GET /v2/sites/{hwaddr}/activity (holder): who did what
 * to whose access, newest first.
 */
export interface AccessActivity {
  at: string;
  kind: AccessActivityKind;
  /** Who did it (name). */
  actor: string;
  /** Whom or what it concerned: an e-mail address, a name, a site ('' when nothing more). */
  subject: string;
  /** A role given, a site's hwaddr, a count ('' when nothing more). */
  detail: string;
  address: string;
}

export interface AccessActivityResponse {
  activity: AccessActivity[];
}

/** Path of the web page where an invitation link is opened. */
export function invitationPath(token: string): string {
  return `/invitation/${encodeURIComponent(token)}`;
}
