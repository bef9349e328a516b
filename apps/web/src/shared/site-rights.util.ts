import { NO_CONTROL_RIGHT, SITE_ROLE_RIGHTS, type SiteAccess } from '@app/contracts';

/**
 * A site as a server from before roles lists it (no `access`): reached by its panel key, with every
 * right (docs/access.md, "Teams").
 */
export const HOLDER_ACCESS: SiteAccess = {
  via: 'key',
  role: 'holder',
  rights: [...SITE_ROLE_RIGHTS.holder],
  companyName: null,
};

/** How the user reaches a listed site: as the API says, or as its holder when the API does not say. */
export const accessOf = (site: { access?: SiteAccess }): SiteAccess => site.access ?? HOLDER_ACCESS;

/**
 * Why the site's controls (commands, edits, test mode, relay actions, webhook and escalation
 * settings) are disabled: NO_CONTROL_RIGHT when the user's role lacks the control right; null when
 * it has it, or while the site is not known yet (the API refuses what it must either way).
 * The one rule every site's controls follow: the sites domain selects it for its own list, the
 * relays domain for the list it keeps (which cannot import the sites domain).
 */
export const noControlReason = (access: SiteAccess | undefined): string | null =>
  access === undefined || access.rights.includes('control') ? null : NO_CONTROL_RIGHT;
