import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { shownTime } from '../shared/shown-time.util';
import { expiresText, invitationOfferText, sentToText } from './invitations-messages.constants';

export const selectInvitations = (state: RootState) => state.invitations;

/** What the invitation page shows: the offer, whom it went to and until when, and why not. */
export const selectInvitationView = createSelector(selectInvitations, ({ preview, previewError, accept }) => ({
  loading: preview === null && previewError === null,
  offer: preview && {
    text: invitationOfferText(preview),
    sentTo: sentToText(preview.email),
    expires: expiresText(shownTime(preview.expiresAt)),
  },
  accepting: accept.pending,
  error: accept.error ?? previewError,
}));

/** Where an accepted invitation leads: the company's page, or the site's; null before. */
export const selectAcceptedPath = createSelector(
  (state: RootState) => state.invitations.accepted,
  (accepted): string | null => {
    if (accepted?.kind === 'company' && accepted.companyId)
      return `/companies/${encodeURIComponent(accepted.companyId)}`;
    if (accepted?.kind === 'site' && accepted.hwaddr) return `/site/${accepted.hwaddr}`;
    // Accepted without a place named: the Site Manager lists what was shared.
    return accepted ? '/' : null;
  },
);
