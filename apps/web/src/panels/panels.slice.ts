import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  panelCommandAuditLabel,
  type AskedPanelCommand,
  type CommandAuditEntry,
  type DeviceSettings,
  type EventDto,
  type ModuleSettingsRequest,
  type StringsRequest,
  type ZoneUpdateRequest,
} from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { logEventsReceived } from '../livefeed/livefeed.actions';
import { eventOfLive } from '../events/events-live.util';
import { PANEL_FORMS, type PanelFormId, type PanelTarget } from './panels.types';

export interface CommandAuditState {
  entries: CommandAuditEntry[];
  loading: boolean;
  error: string | null;
}

/** The latest event of a network: undefined until asked, null when it has none. */
export interface LatestEventState {
  event: EventDto | null;
  loaded: boolean;
}

export interface PanelsState {
  /** The site's command log, by hwaddr. */
  audit: Record<string, CommandAuditState>;
  /** By `${hwaddr}/${networkId}`. */
  latestEvents: Record<string, LatestEventState>;
  forms: Record<PanelFormId, RequestStatus>;
}

/** A device editor's save: only the parts that changed are sent, each by its own call. */
export interface DeviceSaveRequest {
  port_id: number;
  mod_idx: number;
  name?: string;
  zoneId?: number;
  settings?: DeviceSettings;
}

export const latestEventKey = (target: PanelTarget) => `${target.hwaddr}/${target.networkId}`;

const idleForms = Object.fromEntries(PANEL_FORMS.map((form) => [form, requestIdle])) as Record<
  PanelFormId,
  RequestStatus
>;

export const initialPanelsState: PanelsState = { audit: {}, latestEvents: {}, forms: idleForms };

export const panelsSlice = createSlice({
  name: 'panels',
  initialState: initialPanelsState,
  reducers: {
    commandAuditRequested(state, action: PayloadAction<string>) {
      const current = state.audit[action.payload];
      state.audit[action.payload] = { entries: current?.entries ?? [], loading: true, error: null };
    },
    commandAuditLoaded(state, action: PayloadAction<{ hwaddr: string; entries: CommandAuditEntry[] }>) {
      state.audit[action.payload.hwaddr] = { entries: action.payload.entries, loading: false, error: null };
    },
    commandAuditFailed(state, action: PayloadAction<{ hwaddr: string; error: string }>) {
      const current = state.audit[action.payload.hwaddr];
      state.audit[action.payload.hwaddr] = {
        entries: current?.entries ?? [],
        loading: false,
        error: action.payload.error,
      };
    },
    latestEventRequested(_state, _action: PayloadAction<PanelTarget>) {},
    latestEventLoaded(state, action: PayloadAction<{ target: PanelTarget; event: EventDto | null }>) {
      state.latestEvents[latestEventKey(action.payload.target)] = { event: action.payload.event, loaded: true };
    },
    /**
     * A command from a button (the status screen's, Sync panel clock), `label` naming the site and
     * panel in the outcome's toast. It shows at once in Recent commands as pending; the log read
     * after its answer replaces it.
     */
    panelCommandRequested: {
      reducer(
        state,
        action: PayloadAction<{ target: PanelTarget; command: AskedPanelCommand; label: string; sentAt: string }>,
      ) {
        state.forms.command = requestPending;
        const { target, command, sentAt } = action.payload;
        const { kind, ...fields } = command;
        const audit = state.audit[target.hwaddr] ?? { entries: [], loading: false, error: null };
        const sending: CommandAuditEntry = {
          id: -Date.parse(sentAt),
          date: sentAt,
          userName: 'You',
          networkId: target.networkId,
          kind,
          label: panelCommandAuditLabel(kind),
          command: fields,
          outcome: 'pending',
          reason: null,
        };
        state.audit[target.hwaddr] = { ...audit, entries: [sending, ...audit.entries] };
      },
      prepare(payload: { target: PanelTarget; command: AskedPanelCommand; label: string }) {
        return { payload: { ...payload, sentAt: new Date().toISOString() } };
      },
    },
    panelStringsSaveRequested(state, _action: PayloadAction<{ target: PanelTarget; request: StringsRequest }>) {
      state.forms.strings = requestPending;
    },
    zoneSaveRequested(state, _action: PayloadAction<{ target: PanelTarget; request: ZoneUpdateRequest }>) {
      state.forms.zone = requestPending;
    },
    deviceSaveRequested(state, _action: PayloadAction<{ target: PanelTarget; request: DeviceSaveRequest }>) {
      state.forms.device = requestPending;
    },
    moduleSaveRequested(state, _action: PayloadAction<{ target: PanelTarget; request: ModuleSettingsRequest }>) {
      state.forms.module = requestPending;
    },
    panelFormSucceeded(state, action: PayloadAction<PanelFormId>) {
      state.forms[action.payload] = requestDone();
    },
    panelFormFailed(state, action: PayloadAction<{ form: PanelFormId; error: string }>) {
      state.forms[action.payload.form] = requestFailed(action.payload.error);
    },
    panelFormReset(state, action: PayloadAction<PanelFormId>) {
      state.forms[action.payload] = requestIdle;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialPanelsState);
    builder.addCase(logEventsReceived, (state, action) => {
      // The status screen's latest event follows the live feed: a newer event of the network replaces it.
      for (const live of action.payload) {
        const key = latestEventKey(live);
        const shown = state.latestEvents[key];
        // Newer by arrival: a panel whose clock is slow still puts its fire here.
        if (!shown?.loaded || (shown.event && Date.parse(shown.event.receivedAt) > Date.parse(live.receivedAt)))
          continue;
        state.latestEvents[key] = { loaded: true, event: eventOfLive(live) };
      }
    });
  },
});

export const {
  commandAuditRequested,
  commandAuditLoaded,
  commandAuditFailed,
  latestEventRequested,
  latestEventLoaded,
  panelCommandRequested,
  panelStringsSaveRequested,
  zoneSaveRequested,
  deviceSaveRequested,
  moduleSaveRequested,
  panelFormSucceeded,
  panelFormFailed,
  panelFormReset,
} = panelsSlice.actions;

/** The store's `panels` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    panels: PanelsState;
  }
}
