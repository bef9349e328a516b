import { isHwaddr, siteLabel, type AccessActivity } from '@app/contracts';
import { isCompanyRole } from './companies.api';
import { ROLE_TEXT } from './companies-messages.constants';

/** 'Technician' for a role the entry gives; null when it gives none. */
const roleOf = (detail: string): string | null => (isCompanyRole(detail) ? ROLE_TEXT[detail] : null);

/** What one entry of a company's activity says was done, from its kind and detail. */
export function accessActivityWhat(entry: AccessActivity): string {
  const role = roleOf(entry.detail);
  switch (entry.kind) {
    case 'company-created':
      return 'Created the company';
    case 'invitation-sent':
      return role ? `Invited as ${role}` : 'Sent an invitation';
    case 'invitation-revoked':
      return 'Withdrew an invitation';
    case 'invitation-accepted':
      return role ? `Joined as ${role}` : 'Accepted an invitation';
    case 'role-changed':
      return role ? `Changed the role to ${role}` : 'Changed the role';
    case 'member-removed':
      return 'Removed from the company';
    case 'member-left':
      return 'Left the company';
    case 'site-added':
      return 'Added a site';
    case 'site-removed':
      return 'Removed a site';
    case 'share-revoked':
      return 'Revoked access to a site';
    case 'two-factor-required':
      return 'Required two-factor sign-in';
    case 'two-factor-not-required':
      return 'Stopped requiring two-factor sign-in';
    case 'two-factor-on':
      return 'Turned two-factor sign-in on';
    case 'two-factor-off':
      return 'Turned two-factor sign-in off';
    case 'session-ended':
      return 'Signed out a browser';
    case 'other-sessions-ended':
      return `Signed out ${entry.detail} other ${Number(entry.detail) === 1 ? 'browser' : 'browsers'}`;
    default: {
      // A kind added to the contracts without its text here does not compile.
      const unknown: never = entry.kind;
      return String(unknown);
    }
  }
}

/** Whom or what it concerned: a site by its name or MAC address, anyone else as the API names them. */
export function accessActivityWhom(entry: AccessActivity): string {
  const aboutSite = entry.kind === 'site-added' || entry.kind === 'site-removed' || entry.kind === 'share-revoked';
  return aboutSite && isHwaddr(entry.detail) ? siteLabel(entry.subject, entry.detail) : entry.subject;
}
