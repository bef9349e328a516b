import type { AccessActivity } from '@app/contracts';
import { ROLE_TEXT } from './site-access-messages.constants';

/** A role the entry gives ('viewer'), as the tables name it ('Viewer'); anything else as it came. */
function roleOf(detail: string): string {
  return detail in ROLE_TEXT ? ROLE_TEXT[detail as keyof typeof ROLE_TEXT] : detail;
}

/** ' ann@example.com' after a verb, nothing when the entry names no one. */
const whom = (subject: string): string => (subject === '' ? '' : ` ${subject}`);

/** ' as Viewer' when the entry gives a role. */
const asRole = (detail: string): string => (detail === '' ? '' : ` as ${roleOf(detail)}`);

/** What one entry of a site's (or a company's) access activity says happened, from its kind, who did it, to whom. */
export function accessActivityText({ kind, actor, subject, detail }: AccessActivity): string {
  switch (kind) {
    case 'company-created':
      return `${actor} created the company${whom(subject)}`;
    case 'invitation-sent':
      return `${actor} invited${whom(subject)}${asRole(detail)}`;
    case 'invitation-revoked':
      return `${actor} withdrew the invitation to${whom(subject)}`;
    case 'invitation-accepted':
      return `${actor} accepted the invitation${asRole(detail)}`;
    case 'role-changed':
      return `${actor} changed the role of${whom(subject)} to ${roleOf(detail)}`;
    case 'member-removed':
      return `${actor} removed${whom(subject)}`;
    case 'member-left':
      return `${actor} left`;
    case 'site-added':
      return `${actor} added the site${whom(subject)}`;
    case 'site-removed':
      return `${actor} removed the site${whom(subject)}`;
    case 'share-revoked':
      return `${actor} revoked the access of${whom(subject)}`;
    case 'two-factor-required':
      return `${actor} required two-factor sign-in`;
    case 'two-factor-not-required':
      return `${actor} stopped requiring two-factor sign-in`;
    case 'two-factor-on':
      return `${actor} turned two-factor sign-in on`;
    case 'two-factor-off':
      return `${actor} turned two-factor sign-in off`;
    case 'session-ended':
      return `${actor} signed out${whom(subject)}`;
    case 'other-sessions-ended':
      return `${actor} signed out every other browser`;
    default: {
      // A kind added to the contracts without its text here does not compile.
      const unknown: never = kind;
      return String(unknown);
    }
  }
}
