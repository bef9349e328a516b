import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EscalationStepSetting, SiteEscalationPolicy, SitePerson } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { ESCALATION_TEXT } from './escalation-messages.constants';

/** One site's escalation policy as last answered. */
export interface SiteEscalationState {
  /** The policy has been answered (or refused). */
  loaded: boolean;
  policy: SiteEscalationPolicy | null;
  /** Who has access to the site: whom a step may name. */
  people: SitePerson[];
  loadError: string | null;
}

export interface EscalationState {
  sites: Record<string, SiteEscalationState>;
  save: RequestStatus;
}

export const emptySiteEscalation: SiteEscalationState = { loaded: false, policy: null, people: [], loadError: null };

export const initialEscalationState: EscalationState = { sites: {}, save: requestIdle };

function siteOf(state: EscalationState, hwaddr: string): SiteEscalationState {
  state.sites[hwaddr] ??= { ...emptySiteEscalation };
  return state.sites[hwaddr];
}

/** The site an action is about. */
type SiteRef = { hwaddr: string };

export const escalationSlice = createSlice({
  name: 'escalation',
  initialState: initialEscalationState,
  reducers: {
    /** Site Configuration opened: the policy is asked for, and an earlier visit's save outcome does not carry over. */
    escalationSectionOpened(state, _action: PayloadAction<string>) {
      state.save = requestIdle;
    },
    /** Closed: a policy still on its way is dropped. */
    escalationSectionClosed(_state, _action: PayloadAction<string>) {},
    escalationLoaded(state, action: PayloadAction<SiteRef & { policy: SiteEscalationPolicy; people: SitePerson[] }>) {
      const site = siteOf(state, action.payload.hwaddr);
      site.loaded = true;
      site.policy = action.payload.policy;
      site.people = action.payload.people;
      site.loadError = null;
    },
    escalationLoadFailed(state, action: PayloadAction<SiteRef & { error: string }>) {
      const site = siteOf(state, action.payload.hwaddr);
      site.loaded = true;
      site.loadError = action.payload.error;
    },
    /** Save: the later steps, in order; an empty list is no escalation. */
    escalationSaveRequested(state, _action: PayloadAction<SiteRef & { steps: EscalationStepSetting[] }>) {
      state.save = requestPending;
    },
    escalationSaved(state, action: PayloadAction<SiteRef & { policy: SiteEscalationPolicy }>) {
      const site = siteOf(state, action.payload.hwaddr);
      site.loaded = true;
      site.policy = action.payload.policy;
      site.loadError = null;
      state.save = requestDone(ESCALATION_TEXT.saved);
    },
    escalationSaveFailed(state, action: PayloadAction<string>) {
      state.save = requestFailed(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialEscalationState);
  },
});

export const {
  escalationSectionOpened,
  escalationSectionClosed,
  escalationLoaded,
  escalationLoadFailed,
  escalationSaveRequested,
  escalationSaved,
  escalationSaveFailed,
} = escalationSlice.actions;

/** The store's `escalation` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    escalation: EscalationState;
  }
}
