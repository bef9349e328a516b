import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessActivity, SiteAccessList, SiteShareRole } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { invitationSentText } from './site-access-messages.constants';

export interface SiteAccessState {
  /** The site whose 'Who has access' is open; an answer about another (or after it closed) is dropped. */
  hwaddr: string | null;
  /** Who reaches the site and the invitations waiting, as the API last answered; null until read. */
  list: SiteAccessList | null;
  /** A read of the list is in flight: the first, or the one after a change. */
  reading: boolean;
  loadError: string | null;
  /** The site's access activity, newest first; null until read. */
  activity: AccessActivity[] | null;
  /** A read of the activity is in flight, beside the list's. */
  readingActivity: boolean;
  activityError: string | null;
  /** 'Send invitation': its notice names whom it was sent to. */
  invite: RequestStatus;
  /** The one Revoke or Withdraw in flight. */
  change: RequestStatus;
}

export const initialSiteAccessState: SiteAccessState = {
  hwaddr: null,
  list: null,
  reading: false,
  loadError: null,
  activity: null,
  readingActivity: false,
  activityError: null,
  invite: requestIdle,
  change: requestIdle,
};

/** The site an action is about. */
type SiteRef = { hwaddr: string };

export const siteAccessSlice = createSlice({
  name: 'siteAccess',
  initialState: initialSiteAccessState,
  reducers: {
    /** Site Configuration opened by a holder: read the list and the activity; nothing of an earlier visit carries over. */
    siteAccessSectionOpened: (_state, action: PayloadAction<string>) => ({
      ...initialSiteAccessState,
      hwaddr: action.payload,
      reading: true,
      readingActivity: true,
    }),
    /** Closed: what is still on its way is dropped. */
    siteAccessSectionClosed(state, action: PayloadAction<string>) {
      if (state.hwaddr === action.payload) return initialSiteAccessState;
    },
    siteAccessListLoaded(state, action: PayloadAction<SiteRef & { list: SiteAccessList }>) {
      if (state.hwaddr !== action.payload.hwaddr) return;
      state.list = action.payload.list;
      state.reading = false;
      state.loadError = null;
    },
    siteAccessListFailed(state, action: PayloadAction<SiteRef & { error: string }>) {
      if (state.hwaddr !== action.payload.hwaddr) return;
      state.reading = false;
      state.loadError = action.payload.error;
    },
    accessActivityLoaded(state, action: PayloadAction<SiteRef & { activity: AccessActivity[] }>) {
      if (state.hwaddr !== action.payload.hwaddr) return;
      state.activity = action.payload.activity;
      state.readingActivity = false;
      state.activityError = null;
    },
    accessActivityFailed(state, action: PayloadAction<SiteRef & { error: string }>) {
      if (state.hwaddr !== action.payload.hwaddr) return;
      state.readingActivity = false;
      state.activityError = action.payload.error;
    },
    /** One outcome shows at a time: an earlier Revoke's or Withdraw's goes. */
    siteInvitationRequested(state, _action: PayloadAction<SiteRef & { email: string; role: SiteShareRole }>) {
      state.invite = requestPending;
      state.change = requestIdle;
    },
    /** Sent: the list and the activity are read again at once, so the read starts here. */
    siteInvitationSent(state, action: PayloadAction<SiteRef & { email: string }>) {
      if (state.hwaddr !== action.payload.hwaddr) return;
      state.invite = requestDone(invitationSentText(action.payload.email));
      state.reading = true;
      state.readingActivity = true;
    },
    siteInvitationFailed(state, action: PayloadAction<string>) {
      state.invite = requestFailed(action.payload);
    },
    /** 'Withdraw' a pending invitation, by its id. */
    siteInvitationWithdrawRequested(state, _action: PayloadAction<SiteRef & { invitationId: string }>) {
      state.change = requestPending;
      state.invite = requestIdle;
    },
    /** 'Revoke' a person's access given by invitation, by their user id. */
    sitePersonRevokeRequested(state, _action: PayloadAction<SiteRef & { userId: string }>) {
      state.change = requestPending;
      state.invite = requestIdle;
    },
    /** Withdrawn or revoked: read again, as after an invitation. */
    siteAccessChanged(state, action: PayloadAction<SiteRef>) {
      if (state.hwaddr !== action.payload.hwaddr) return;
      state.change = requestIdle;
      state.reading = true;
      state.readingActivity = true;
    },
    siteAccessChangeFailed(state, action: PayloadAction<string>) {
      state.change = requestFailed(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialSiteAccessState);
  },
});

export const {
  siteAccessSectionOpened,
  siteAccessSectionClosed,
  siteAccessListLoaded,
  siteAccessListFailed,
  accessActivityLoaded,
  accessActivityFailed,
  siteInvitationRequested,
  siteInvitationSent,
  siteInvitationFailed,
  siteInvitationWithdrawRequested,
  sitePersonRevokeRequested,
  siteAccessChanged,
  siteAccessChangeFailed,
} = siteAccessSlice.actions;

/** The store's `siteAccess` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    siteAccess: SiteAccessState;
  }
}
