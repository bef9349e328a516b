import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClaimCreateRequest, SiteDetail, SiteSummary, TestModeStartRequest } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import {
  initialKnowledge,
  knowLiveCounts,
  settleCounts,
  settleDetail,
  settleAlarms,
  settleOfflineSince,
  settleTestMode,
  type KnowledgeState,
} from './site-knowledge.util';
import { panelUnreadTotal } from './site-unread.util';
import { addLiveSiteCases } from './sites-live.reducers';

/** The site forms; each has its own request status. */
export const SITE_FORMS = [
  'addSite',
  'updateKey',
  'removeSite',
  'renameSite',
  'siteEmails',
  'startTestMode',
  'endTestMode',
] as const;
export type SiteFormId = (typeof SITE_FORMS)[number];

export interface SitesState {
  list: SiteSummary[];
  /** The list has been answered, with sites or with an error. */
  loaded: boolean;
  error: string | null;
  /** The site screens' data, by hwaddr. */
  details: Record<string, SiteDetail>;
  /** Why a site's data could not be loaded, by hwaddr. */
  detailErrors: Record<string, string>;
  forms: Record<SiteFormId, RequestStatus>;
  /** When the client learned each live part of each site, so that no fetch puts older values back. */
  knowledge: KnowledgeState;
}

/** A fetch's answer: `sentAt` is the knowledge clock when it was sent (none: it is the newest there is). */
interface FetchedMeta {
  sentAt?: number;
}

const idleForms = Object.fromEntries(SITE_FORMS.map((form) => [form, requestIdle])) as Record<
  SiteFormId,
  RequestStatus
>;

export const initialSitesState: SitesState = {
  list: [],
  loaded: false,
  error: null,
  details: {},
  detailErrors: {},
  forms: idleForms,
  knowledge: initialKnowledge,
};

export const sitesSlice = createSlice({
  name: 'sites',
  initialState: initialSitesState,
  reducers: {
    sitesLoadRequested() {},
    sitesLoaded: {
      reducer(state, action: PayloadAction<SiteSummary[], string, FetchedMeta>) {
        const sentAt = action.meta.sentAt ?? state.knowledge.clock;
        state.list = action.payload.map((site) => ({
          ...site,
          ...settleCounts(state.knowledge, site, sentAt),
          offlineSince: settleOfflineSince(state.knowledge, site, sentAt),
          alarms: settleAlarms(state.knowledge, site, sentAt),
          testMode: settleTestMode(state.knowledge, site, sentAt),
        }));
        state.loaded = true;
        state.error = null;
      },
      prepare: (sites: SiteSummary[], sentAt?: number) => ({ payload: sites, meta: { sentAt } }),
    },
    sitesLoadFailed(state, action: PayloadAction<string>) {
      state.loaded = true;
      state.error = action.payload;
    },
    siteDetailRequested(state, action: PayloadAction<string>) {
      delete state.detailErrors[action.payload];
    },
    siteDetailLoaded: {
      reducer(state, action: PayloadAction<SiteDetail, string, FetchedMeta>) {
        const sentAt = action.meta.sentAt ?? state.knowledge.clock;
        state.details[action.payload.hwaddr] = settleDetail(state.knowledge, action.payload, sentAt);
        delete state.detailErrors[action.payload.hwaddr];
      },
      prepare: (detail: SiteDetail, sentAt?: number) => ({ payload: detail, meta: { sentAt } }),
    },
    siteDetailFailed(state, action: PayloadAction<{ hwaddr: string; error: string }>) {
      state.detailErrors[action.payload.hwaddr] = action.payload.error;
    },
    siteFormReset(state, action: PayloadAction<SiteFormId>) {
      state.forms[action.payload] = requestIdle;
    },
    /** Add Site's claim. */
    claimCreateRequested(state, _action: PayloadAction<ClaimCreateRequest>) {
      state.forms.addSite = requestPending;
    },
    /** Update Key's claim: the same call as Add Site, its own form. */
    siteKeyUpdateRequested(state, _action: PayloadAction<{ hwaddr: string; key: string }>) {
      state.forms.updateKey = requestPending;
    },
    claimRemoveRequested(state, _action: PayloadAction<{ hwaddr: string }>) {
      state.forms.removeSite = requestPending;
    },
    siteRenameRequested(state, _action: PayloadAction<{ hwaddr: string; name: string }>) {
      state.forms.renameSite = requestPending;
    },
    siteEmailRequested(state, _action: PayloadAction<{ hwaddr: string; state: boolean }>) {
      state.forms.siteEmails = requestPending;
    },
    /** Site Configuration's 'Start test mode' (docs/test-mode.md). */
    testModeStartRequested(state, _action: PayloadAction<{ hwaddr: string; request: TestModeStartRequest }>) {
      state.forms.startTestMode = requestPending;
    },
    testModeEndRequested(state, _action: PayloadAction<{ hwaddr: string }>) {
      state.forms.endTestMode = requestPending;
    },
    siteFormSucceeded(state, action: PayloadAction<{ form: SiteFormId }>) {
      state.forms[action.payload.form] = requestDone();
    },
    siteFormFailed(state, action: PayloadAction<{ form: SiteFormId; error: string }>) {
      state.forms[action.payload.form] = requestFailed(action.payload.error);
    },
    /** Opening the events marks them seen (spec 4): the site's unread events drop to zero. */
    siteEventsSeen(state, action: PayloadAction<{ hwaddr: string; at: string }>) {
      const site = state.list.find((candidate) => candidate.hwaddr === action.payload.hwaddr);
      if (!site) return;
      site.unreadCount = Math.max(0, site.unreadCount - panelUnreadTotal(site.perPanelCount));
      site.perPanelCount = Object.fromEntries(Object.keys(site.perPanelCount).map((networkId) => [networkId, 0]));
      site.lastEventSeen = action.payload.at;
      // Newer than any fetch still on its way: its answer keeps these counts.
      knowLiveCounts(state.knowledge, site.hwaddr, {
        unreadCount: site.unreadCount,
        perPanelCount: { ...site.perPanelCount },
      });
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialSitesState);
    addLiveSiteCases(builder);
  },
});

export const {
  sitesLoadRequested,
  sitesLoaded,
  sitesLoadFailed,
  siteDetailRequested,
  siteDetailLoaded,
  siteDetailFailed,
  siteFormReset,
  claimCreateRequested,
  siteKeyUpdateRequested,
  claimRemoveRequested,
  siteRenameRequested,
  siteEmailRequested,
  testModeStartRequested,
  testModeEndRequested,
  siteFormSucceeded,
  siteFormFailed,
  siteEventsSeen,
} = sitesSlice.actions;

/** The store's `sites` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    sites: SitesState;
  }
}
