import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  RelayActionRequest,
  RelayActionRunDto,
  RelayDto,
  RelayStatus,
  RelayTestRequest,
  RelayTrigger,
  RelayUpdateRequest,
  SiteSummary,
} from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { relayRunReceived } from '../livefeed/livefeed.actions';
import { forgetRuns, knowLiveRun, settleFetchedRuns, type RunsKnowledge } from './relay-run-order.util';

/** The relay forms; each has its own request status. Action cards have one each, by action id. */
export const RELAY_FORMS = ['saveRelay', 'removeRelay', 'addAction'] as const;
export type RelayFormId = (typeof RELAY_FORMS)[number];

/** The Relay Info table (spec 2.8): waiting, connecting, the board's answer or why there is none. */
export type RelayVerifyState =
  | { phase: 'waiting' }
  | { phase: 'connecting' }
  | { phase: 'verified'; status: RelayStatus }
  | { phase: 'failed'; error: string };

/** The relays, and (RunsKnowledge) their shown runs as the live feed and fetches told them, in order. */
export interface RelaysState extends RunsKnowledge {
  list: RelayDto[];
  loaded: boolean;
  error: string | null;
  /** The user's sites, for action names and the site choice; null until answered. */
  sites: SiteSummary[] | null;
  /** The relay whose screen is open: its runs are asked again when the live feed may have lost some. */
  openRelayId: number | null;
  verify: RelayVerifyState;
  forms: Record<RelayFormId, RequestStatus>;
  actionForms: Record<number, RequestStatus>;
  /** Each action's last Test action, by action id. */
  actionTests: Record<number, RequestStatus & { trigger?: RelayTrigger }>;
  /** The relay the last Save stored (Add Relay goes on to it). */
  savedRelayId: number | null;
}

const idleForms = Object.fromEntries(RELAY_FORMS.map((form) => [form, requestIdle])) as Record<
  RelayFormId,
  RequestStatus
>;

export const initialRelaysState: RelaysState = {
  list: [],
  loaded: false,
  error: null,
  sites: null,
  runs: {},
  runStamps: {},
  runsClock: 0,
  openRelayId: null,
  verify: { phase: 'waiting' },
  forms: idleForms,
  actionForms: {},
  actionTests: {},
  savedRelayId: null,
};

function upsert(state: RelaysState, relay: RelayDto) {
  const at = state.list.findIndex((candidate) => candidate.id === relay.id);
  if (at === -1) state.list.push(relay);
  else state.list[at] = relay;
}

export const relaysSlice = createSlice({
  name: 'relays',
  initialState: initialRelaysState,
  reducers: {
    relaysLoadRequested() {},
    relaysLoaded(state, action: PayloadAction<RelayDto[]>) {
      state.list = action.payload;
      state.loaded = true;
      state.error = null;
    },
    relaysLoadFailed(state, action: PayloadAction<string>) {
      state.loaded = true;
      state.error = action.payload;
    },
    /** A relay screen opened: its relay, the user's sites and its runs are asked for. */
    relayScreenOpened(state, action: PayloadAction<number>) {
      state.forms.removeRelay = requestIdle;
      state.openRelayId = action.payload;
    },
    relayScreenClosed(state, action: PayloadAction<number>) {
      if (state.openRelayId === action.payload) state.openRelayId = null;
    },
    /** The open relay's runs are to be asked again (the live feed may have lost some of their changes). */
    relayRunsRefreshRequested(_state, _action: PayloadAction<number>) {},
    siteChoicesLoaded(state, action: PayloadAction<SiteSummary[]>) {
      state.sites = action.payload;
    },
    /** A runs list is being asked for: it takes the next tick of the runs clock. */
    relayRunsAsked(state) {
      state.runsClock += 1;
    },
    /** A runs list asked for when the runs clock stood at `sentAt`. */
    relayRunsLoaded(state, action: PayloadAction<{ relayId: number; runs: RelayActionRunDto[]; sentAt: number }>) {
      settleFetchedRuns(state, action.payload.relayId, action.payload.runs, action.payload.sentAt);
    },
    /** A relay form opened: clean statuses and an unverified Relay Info table. */
    relayFormOpened(state) {
      state.verify = { phase: 'waiting' };
      state.forms = idleForms;
      state.savedRelayId = null;
    },
    relayVerifyRequested(state, _action: PayloadAction<RelayTestRequest>) {
      state.verify = { phase: 'connecting' };
    },
    relayVerified(state, action: PayloadAction<RelayStatus>) {
      state.verify = { phase: 'verified', status: action.payload };
    },
    relayVerifyFailed(state, action: PayloadAction<string>) {
      state.verify = { phase: 'failed', error: action.payload };
    },
    /** The address, port or password changed: an earlier verification no longer says anything. */
    relayVerifyReset(state) {
      state.verify = { phase: 'waiting' };
    },
    relaySaveRequested(state, _action: PayloadAction<{ id?: number; request: RelayUpdateRequest }>) {
      state.forms.saveRelay = requestPending;
    },
    relaySaved(state, action: PayloadAction<RelayDto>) {
      upsert(state, action.payload);
      state.savedRelayId = action.payload.id;
      state.forms.saveRelay = requestDone();
    },
    relayRemoveRequested(state, _action: PayloadAction<number>) {
      state.forms.removeRelay = requestPending;
    },
    relayRemoved(state, action: PayloadAction<number>) {
      state.list = state.list.filter((relay) => relay.id !== action.payload);
      forgetRuns(state, action.payload);
      state.forms.removeRelay = requestDone();
    },
    relayFormFailed(state, action: PayloadAction<{ form: RelayFormId; error: string }>) {
      state.forms[action.payload.form] = requestFailed(action.payload.error);
    },
    relayActionAddRequested(state, _action: PayloadAction<{ relayId: number; hwaddr: string }>) {
      state.forms.addAction = requestPending;
    },
    relayActionAdded(state, action: PayloadAction<RelayDto>) {
      upsert(state, action.payload);
      state.forms.addAction = requestDone();
    },
    relayActionSaveRequested(
      state,
      action: PayloadAction<{ relayId: number; action: RelayActionRequest['action'] & { id: number } }>,
    ) {
      state.actionForms[action.payload.action.id] = requestPending;
    },
    relayActionDeleteRequested(state, action: PayloadAction<{ relayId: number; actionId: number }>) {
      state.actionForms[action.payload.actionId] = requestPending;
    },
    relayActionDone(state, action: PayloadAction<{ actionId: number; relay: RelayDto }>) {
      upsert(state, action.payload.relay);
      state.actionForms[action.payload.actionId] = requestDone();
    },
    relayActionFailed(state, action: PayloadAction<{ actionId: number; error: string }>) {
      state.actionForms[action.payload.actionId] = requestFailed(action.payload.error);
    },
    relayActionTestRequested(
      state,
      action: PayloadAction<{ relayId: number; actionId: number; trigger: RelayTrigger }>,
    ) {
      state.actionTests[action.payload.actionId] = { ...requestPending, trigger: action.payload.trigger };
    },
    relayActionTestFinished(
      state,
      action: PayloadAction<{ actionId: number; trigger: RelayTrigger; error: string | null }>,
    ) {
      const { actionId, trigger, error } = action.payload;
      state.actionTests[actionId] = { ...(error === null ? requestDone() : requestFailed(error)), trigger };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => initialRelaysState)
      .addCase(relayRunReceived, (state, action) => knowLiveRun(state, action.payload));
  },
});

export const {
  relaysLoadRequested,
  relaysLoaded,
  relaysLoadFailed,
  relayScreenOpened,
  relayScreenClosed,
  relayRunsRefreshRequested,
  siteChoicesLoaded,
  relayRunsAsked,
  relayRunsLoaded,
  relayFormOpened,
  relayVerifyRequested,
  relayVerified,
  relayVerifyFailed,
  relayVerifyReset,
  relaySaveRequested,
  relaySaved,
  relayRemoveRequested,
  relayRemoved,
  relayFormFailed,
  relayActionAddRequested,
  relayActionAdded,
  relayActionSaveRequested,
  relayActionDeleteRequested,
  relayActionDone,
  relayActionFailed,
  relayActionTestRequested,
  relayActionTestFinished,
} = relaysSlice.actions;

/** The store's `relays` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    relays: RelaysState;
  }
}
