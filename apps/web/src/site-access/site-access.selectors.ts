import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { shownTime } from '../shared/shown-time.util';
import { accessActivityText } from './access-activity-text.util';
import { howText, revokeLabel, ROLE_TEXT, withdrawLabel } from './site-access-messages.constants';

export const selectSiteAccessState = (state: RootState) => state.siteAccess;

/** One person who reaches the site, as the People table shows them. */
export interface PersonRow {
  userId: string;
  name: string;
  email: string;
  how: string;
  role: string;
  /** Shared by invitation: the holder may revoke it. */
  revocable: boolean;
  revokeLabel: string;
}

/** One invitation not yet accepted, as the Pending invitations table shows it. */
export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  expires: string;
  withdrawLabel: string;
}

/** One entry of the access activity as its list item shows it. */
export interface AccessActivityRow {
  key: string;
  text: string;
  /** '02/05/2025 08:15:00 UTC from 203.0.113.7' (the time alone when the address is not known). */
  when: string;
}

const selectList = (state: RootState) => state.siteAccess.list;

export const selectPersonRows = createSelector(selectList, (list): PersonRow[] =>
  (list?.people ?? []).map((person) => ({
    userId: person.userId,
    name: person.name,
    email: person.email,
    how: howText(person.via, person.companyName),
    role: ROLE_TEXT[person.role],
    revocable: person.revocable,
    revokeLabel: revokeLabel(person.name),
  })),
);

export const selectInvitationRows = createSelector(selectList, (list): InvitationRow[] =>
  (list?.invitations ?? []).map((invitation) => ({
    id: invitation.id,
    email: invitation.email,
    role: ROLE_TEXT[invitation.role],
    expires: shownTime(invitation.expiresAt),
    withdrawLabel: withdrawLabel(invitation.email),
  })),
);

export const selectAccessActivityRows = createSelector(
  (state: RootState) => state.siteAccess.activity,
  (activity): AccessActivityRow[] =>
    (activity ?? []).map((entry, at) => {
      const time = shownTime(entry.at);
      return {
        // Entries carry no id, and two may share a time: the place in the list tells them apart.
        key: `${at} ${entry.at}`,
        text: accessActivityText(entry),
        when: entry.address === '' ? time : `${time} from ${entry.address}`,
      };
    }),
);

/** What the section shows around its tables; every button waits while anything is in flight. */
export const selectSiteAccessView = createSelector(
  selectSiteAccessState,
  ({ list, reading, loadError, activity, activityError, invite, change }) => ({
    loading: list === null && loadError === null,
    listed: list !== null,
    busy: reading || invite.pending || change.pending,
    loadError,
    activityLoading: activity === null && activityError === null,
    activityEmpty: activity !== null && activity.length === 0,
    activityError,
    invite,
    change,
  }),
);
