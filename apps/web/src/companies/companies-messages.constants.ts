import { SITE_ROLE_LABELS, type CompanyRole } from '@app/contracts';

/** Each role as the pages name it (the one list of @app/contracts). */
export const ROLE_TEXT = SITE_ROLE_LABELS;

/** The Companies pages (docs/access.md, "Teams"): what they say beside the API's own refusals. */
export const COMPANIES_TEXT = {
  title: 'Companies',
  subtitle: 'Share sites with the people you work with',
  loading: 'Reading your companies…',
  none: 'You are not a member of any company yet.',
  nameColumn: 'Name',
  yourRoleColumn: 'Your role',
  createTitle: 'Create a company',
  companyName: 'Company name',
  create: 'Create company',
} as const;

/** One company's page. */
export const COMPANY_TEXT = {
  loading: 'Reading the company…',
  settingsTitle: 'Settings',
  rename: 'Rename',
  requireTwoFactor: 'Require two-factor sign-in',
  requireTwoFactorHelp: "Members without two-factor sign-in cannot reach the company's sites.",
  requiresTwoFactor: "This company requires two-factor sign-in: members without it cannot reach the company's sites.",
  membersTitle: 'Members',
  nameColumn: 'Name',
  emailColumn: 'E-mail',
  roleColumn: 'Role',
  twoFactorColumn: 'Two-factor',
  joinedColumn: 'Joined',
  twoFactorOn: 'On',
  twoFactorOff: 'Off',
  you: '(you)',
  remove: 'Remove',
  leave: 'Leave company',
  invitationsTitle: 'Pending invitations',
  noInvitations: 'No pending invitations.',
  invitedByColumn: 'Invited by',
  expiresColumn: 'Expires',
  withdraw: 'Withdraw',
  inviteTitle: 'Invite someone',
  inviteEmail: 'E-mail',
  inviteRole: 'Role',
  invite: 'Send invitation',
  sitesTitle: 'Sites',
  noSites: 'No sites yet.',
  siteColumn: 'Site',
  addedByColumn: 'Added by',
  addedColumn: 'Added',
  removeSite: 'Remove from company',
  addSiteLabel: 'Add one of your sites',
  addSite: 'Add site',
  noSiteToAdd: 'None of your sites can be added: only the sites you hold the panel key of, and not in the company yet.',
  activityTitle: 'Activity',
  activityLoading: 'Reading the activity…',
  noActivity: 'Nothing yet.',
  whenColumn: 'When',
  whoColumn: 'Who',
  whatColumn: 'What',
  whomColumn: 'Whom',
} as const;

/** 'Your role: Admin', under the company's name. */
export const yourRoleText = (role: CompanyRole): string => `Your role: ${ROLE_TEXT[role]}`;

/** The role select of a member's row is named after the member. */
export const roleOfLabel = (name: string): string => `Role of ${name}`;

/** 'Invitation sent to erin@example.com.' */
export const invitationSentText = (email: string): string => `Invitation sent to ${email}.`;
