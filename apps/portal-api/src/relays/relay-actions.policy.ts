import { NO_CONTROL_RIGHT, SITE_ROLE_RIGHTS, type SiteRole } from '@app/contracts';
import { DomainError } from '@app/platform';

export const RELAY_ACTION_NOT_FOUND = 'Relay action not found';
export const RELAY_ACTION_SITE_FIXED = 'action.hwaddr cannot change: delete the action and add one for the other site';

export function siteNotAuthorised(hwaddr: string): string {
  return `Site ${hwaddr} is not one of your authorised sites`;
}

export function siteHasAction(hwaddr: string): string {
  return `This relay already has an action for site ${hwaddr}`;
}

/** What a relay's action is, for the rules: its id and its site. */
interface ActionSite {
  id: number;
  hwaddr: string;
}

// What a user may change in their relay's actions. A relay acts on a site's alarms only for a user
// authorised on that site (the claim-access rule); a refusal is a DomainError.

/**
 * Saving the settings of the action `id`: it must be one of the relay's, and keep its site (moving it
 * would carry one site's settings over to another). Answers the action.
 */
export function editableAction<A extends ActionSite>(actions: readonly A[], id: number, hwaddr: string): A {
  const existing = actions.find((candidate) => candidate.id === id);
  if (!existing) throw new DomainError('not-found', RELAY_ACTION_NOT_FOUND);
  if (existing.hwaddr !== hwaddr) throw new DomainError('invalid', RELAY_ACTION_SITE_FIXED);
  return existing;
}

/** A new action: on one of the user's authorised sites, and one per site on a relay. */
export function assertMayAddAction(actions: readonly ActionSite[], hwaddr: string, role: SiteRole | null): void {
  assertMayDriveAction(hwaddr, role);
  if (actions.some((candidate) => candidate.hwaddr === hwaddr))
    throw new DomainError('conflict', siteHasAction(hwaddr));
}

/**
 * Driving an action by hand (Test action), or adding one: only while the user is authorised on its
 * site with a role that controls it (`role`: theirs now, null without access).
 */
export function assertMayDriveAction(hwaddr: string, role: SiteRole | null): void {
  if (role === null) throw new DomainError('invalid', siteNotAuthorised(hwaddr));
  if (!SITE_ROLE_RIGHTS[role].includes('control')) throw new DomainError('forbidden', NO_CONTROL_RIGHT);
}
