import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClaimCreateRequest, SiteDetail, SiteSummary } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';
import { connectionReceived } from '../realtime/realtime.slice';
import { panelUnreadTotal } from './site-unread.util';

/** The last site form (add, update key, remove, rename, e-mail): its progress and outcome. */
export interface SiteFormState {
  pending: boolean;
  error: string | null;
  succeeded: boolean;
}

export interface SitesState {
  list: SiteSummary[];
  /** The list has been answered, with sites or with an error. */
  loaded: boolean;
  error: string | null;
  /** The site screens' data, by hwaddr. */
  details: Record<string, SiteDetail>;
  /** Why a site's data could not be loaded, by hwaddr. */
  detailErrors: Record<string, string>;
  form: SiteFormState;
}

const idleForm: SiteFormState = { pending: false, error: null, succeeded: false };

export const initialSitesState: SitesState = {
  list: [],
  loaded: false,
  error: null,
  details: {},
  detailErrors: {},
  form: idleForm,
};

export const sitesSlice = createSlice({
  name: 'sites',
  initialState: initialSitesState,
  reducers: {
    sitesLoadRequested() {},
    sitesLoaded(state, action: PayloadAction<SiteSummary[]>) {
      state.list = action.payload;
      state.loaded = true;
      state.error = null;
    },
    sitesLoadFailed(state, action: PayloadAction<string>) {
      state.loaded = true;
      state.error = action.payload;
    },
    siteDetailRequested(state, action: PayloadAction<string>) {
      delete state.detailErrors[action.payload];
    },
    siteDetailLoaded(state, action: PayloadAction<SiteDetail>) {
      state.details[action.payload.hwaddr] = action.payload;
      delete state.detailErrors[action.payload.hwaddr];
    },
    siteDetailFailed(state, action: PayloadAction<{ hwaddr: string; error: string }>) {
      state.detailErrors[action.payload.hwaddr] = action.payload.error;
    },
    siteFormReset(state) {
      state.form = idleForm;
    },
    claimCreateRequested: formStarted<ClaimCreateRequest>,
    claimRemoveRequested: formStarted<{ hwaddr: string }>,
    siteRenameRequested: formStarted<{ hwaddr: string; name: string }>,
    siteEmailRequested: formStarted<{ hwaddr: string; state: boolean }>,
    siteFormSucceeded(state) {
      state.form = { pending: false, error: null, succeeded: true };
    },
    siteFormFailed(state, action: PayloadAction<string>) {
      state.form = { pending: false, error: action.payload, succeeded: false };
    },
    /** Opening the events marks them seen (spec 4): the site's unread events drop to zero. */
    siteEventsSeen(state, action: PayloadAction<{ hwaddr: string; at: string }>) {
      const site = state.list.find((candidate) => candidate.hwaddr === action.payload.hwaddr);
      if (!site) return;
      site.unreadCount = Math.max(0, site.unreadCount - panelUnreadTotal(site.perPanelCount));
      site.perPanelCount = Object.fromEntries(Object.keys(site.perPanelCount).map((networkId) => [networkId, 0]));
      site.lastEventSeen = action.payload.at;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => initialSitesState)
      .addCase(connectionReceived, (state, action) => {
        const detail = state.details[action.payload.hwaddr];
        if (detail) detail.connected = action.payload.connected;
      });
  },
});

function formStarted<P>(state: SitesState, _action: PayloadAction<P>) {
  state.form = { pending: true, error: null, succeeded: false };
}

export const {
  sitesLoadRequested,
  sitesLoaded,
  sitesLoadFailed,
  siteDetailRequested,
  siteDetailLoaded,
  siteDetailFailed,
  siteFormReset,
  claimCreateRequested,
  claimRemoveRequested,
  siteRenameRequested,
  siteEmailRequested,
  siteFormSucceeded,
  siteFormFailed,
  siteEventsSeen,
} = sitesSlice.actions;
