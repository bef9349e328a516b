import type { InvitationPreview } from '@app/contracts';
import { ROLE_TEXT } from '../companies/companies-messages.constants';

/** The invitation page (docs/access.md, "Teams"): what it says beside the API's own refusals. */
export const INVITATION_TEXT = {
  title: 'Invitation',
  loading: 'Reading the invitation…',
  accept: 'Accept invitation',
  signedOut: 'To accept it, sign in with that address, or create an account with it.',
  signIn: 'Sign in to accept',
  register: 'Create an account',
} as const;

/** 'Erin Engineer invites you to join Acme Fire as Technician', or '… to the site Depot as Viewer'. */
export function invitationOfferText({ kind, invitedBy, target, role }: InvitationPreview): string {
  return kind === 'company'
    ? `${invitedBy} invites you to join ${target} as ${ROLE_TEXT[role]}`
    : `${invitedBy} invites you to the site ${target} as ${ROLE_TEXT[role]}`;
}

/** Whom it was sent to: only an account with that address may accept it. */
export const sentToText = (email: string): string => `Sent to ${email}`;

/** 'Expires 08/05/2025 09:30:00 UTC' (the time as shownTime gives it). */
export const expiresText = (time: string): string => `Expires ${time}`;
