import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClaimCreateRequest, SiteDetail, SiteSummary } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';

/** The last site form (add, update key, remove, rename, e-mail): its progress and outcome. */
export interface SiteFormState {
  pending: boolean;
  error: string | null;
  succeeded: boolean;
}

export interface SitesState {
  list: SiteSummary[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
  /** The site screens' data, by hwaddr. */
  details: Record<string, SiteDetail>;
  form: SiteFormState;
}

const idleForm: SiteFormState = { pending: false, error: null, succeeded: false };

export const initialSitesState: SitesState = {
  list: [],
  loaded: false,
  loading: false,
  error: null,
  details: {},
  form: idleForm,
};

export const sitesSlice = createSlice({
  name: 'sites',
  initialState: initialSitesState,
  reducers: {
    sitesLoadRequested(state) {
      state.loading = true;
    },
    sitesLoaded(state, action: PayloadAction<SiteSummary[]>) {
      state.list = action.payload;
      state.loaded = true;
      state.loading = false;
      state.error = null;
    },
    sitesLoadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    siteDetailRequested(_state, _action: PayloadAction<string>) {},
    siteDetailLoaded(state, action: PayloadAction<SiteDetail>) {
      state.details[action.payload.hwaddr] = action.payload;
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
      const seen = Object.values(site.perPanelCount).reduce((sum, count) => sum + count, 0);
      site.unreadCount = Math.max(0, site.unreadCount - seen);
      site.perPanelCount = Object.fromEntries(Object.keys(site.perPanelCount).map((networkId) => [networkId, 0]));
      site.lastEventSeen = action.payload.at;
    },
    siteConnectionChanged(state, action: PayloadAction<{ hwaddr: string; connected: boolean }>) {
      const detail = state.details[action.payload.hwaddr];
      if (detail) detail.connected = action.payload.connected;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialSitesState);
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
  siteFormReset,
  claimCreateRequested,
  claimRemoveRequested,
  siteRenameRequested,
  siteEmailRequested,
  siteFormSucceeded,
  siteFormFailed,
  siteEventsSeen,
  siteConnectionChanged,
} = sitesSlice.actions;
