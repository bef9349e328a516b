import { SITE_ROLE_LABELS, type SiteAccessVia, type SiteRole } from '@app/contracts';

/** Site Configuration's 'Who has access': what it says beside the API's own refusals. */
export const SITE_ACCESS_TEXT = {
  title: 'Who has access',
  intro:
    'Everyone who holds the panel key, comes with a company the site belongs to, or was invited. A technician may ' +
    'control and change the site; a viewer may only watch it.',
  loading: 'Reading who has access…',
  people: 'People',
  invitations: 'Pending invitations',
  noInvitations: 'No invitation is waiting.',
  invite: 'Invite someone',
  inviteHelp: 'They get an e-mail with a link to accept; only an account with this address can accept it.',
  email: 'E-mail',
  role: 'Role',
  sendInvitation: 'Send invitation',
  revoke: 'Revoke',
  withdraw: 'Withdraw',
  activity: 'Access activity',
  activityLoading: 'Reading the access activity…',
  noActivity: 'Nothing yet: invitations, acceptances and revocations appear here.',
} as const;

/** The people table's column headers, in order (the last, of the Revoke buttons, has none). */
export const PEOPLE_COLUMNS = ['Name', 'E-mail', 'How', 'Role'] as const;

/** The pending invitations table's column headers, in order (the last, of the Withdraw buttons, has none). */
export const INVITATION_COLUMNS = ['E-mail', 'Role', 'Expires'] as const;

/** Each role as the section names it (the one list of @app/contracts). */
export const ROLE_TEXT = SITE_ROLE_LABELS;

/** 'Panel key', 'Company Acme Fire Ltd', 'Invitation'. */
export function howText(via: SiteAccessVia, companyName: string | null): string {
  if (via === 'key') return 'Panel key';
  if (via === 'company') return `Company ${companyName ?? ''}`.trim();
  return 'Invitation';
}

/** The line shown instead of the section to those who may not share the site: how they reach it. */
export function accessLineText(via: SiteAccessVia, role: SiteRole, companyName: string | null): string {
  const as = ROLE_TEXT[role];
  if (via === 'company') return `You reach this site through ${companyName ?? 'a company'} as ${as}.`;
  if (via === 'invitation') return `You reach this site by invitation as ${as}.`;
  return `You reach this site with its panel key as ${as}.`;
}

/** 'Invitation sent to ann@example.com.' */
export const invitationSentText = (email: string): string => `Invitation sent to ${email}.`;

/** Each row's button names whom it is about, so that they can be told apart. */
export const revokeLabel = (name: string): string => `Revoke ${name}`;
export const withdrawLabel = (email: string): string => `Withdraw the invitation to ${email}`;
