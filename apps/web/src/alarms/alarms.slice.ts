import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AlarmDetailDto, AlarmDto } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { alarmsReceived } from '../livefeed/livefeed.actions';
import { withAlarms } from './alarm-merge.util';

/** The alarm whose page is open, with its timeline once answered. */
export interface OpenAlarmDetail {
  id: number;
  detail: AlarmDetailDto | null;
  error: string | null;
}

export interface AlarmsState {
  /** As the API and the live feed told them, in no particular order (the selectors order them). */
  list: AlarmDto[];
  /** The list has been answered, with alarms or with an error. */
  loaded: boolean;
  error: string | null;
  /**
   * Alarms the live feed (or an acknowledgement) delivered since the list was last loaded. A list
   * fetched before one of them changed can be read after it: it must not put the older copy back,
   * nor drop an alarm that opened meanwhile.
   */
  liveSinceLoad: AlarmDto[];
  openDetail: OpenAlarmDetail | null;
  /** The Acknowledge dialog: the alarm it is open for (null when closed) and its request. */
  acknowledge: { alarmId: number | null; status: RequestStatus };
}

export const initialAlarmsState: AlarmsState = {
  list: [],
  loaded: false,
  error: null,
  liveSinceLoad: [],
  openDetail: null,
  acknowledge: { alarmId: null, status: requestIdle },
};

/** A changed alarm, in the list and among those learned since the last load. */
function learn(state: AlarmsState, changed: AlarmDto[]): void {
  state.list = withAlarms(state.list, changed);
  state.liveSinceLoad = withAlarms(state.liveSinceLoad, changed);
}

export const alarmsSlice = createSlice({
  name: 'alarms',
  initialState: initialAlarmsState,
  reducers: {
    alarmsLoadRequested() {},
    /** The Alarms page or an alarm's page opened: the list is asked for, and the sites that name its alarms. */
    alarmsViewOpened() {},
    alarmsLoaded(state, action: PayloadAction<AlarmDto[]>) {
      state.list = withAlarms(action.payload, state.liveSinceLoad);
      state.liveSinceLoad = [];
      state.loaded = true;
      state.error = null;
    },
    alarmsLoadFailed(state, action: PayloadAction<string>) {
      state.loaded = true;
      state.error = action.payload;
    },
    /** The alarm's page opened, or its timeline is to be read again. */
    alarmDetailRequested(state, action: PayloadAction<number>) {
      if (state.openDetail?.id !== action.payload) state.openDetail = { id: action.payload, detail: null, error: null };
      else state.openDetail.error = null;
    },
    alarmDetailClosed(state, action: PayloadAction<number>) {
      if (state.openDetail?.id === action.payload) state.openDetail = null;
    },
    alarmDetailLoaded(state, action: PayloadAction<AlarmDetailDto>) {
      const { timeline: _timeline, ...alarm } = action.payload;
      if (state.openDetail?.id !== alarm.id) return;
      state.openDetail.detail = action.payload;
      // Read after the list perhaps: the list follows it (the timeline stays with the page).
      learn(state, [alarm]);
    },
    alarmDetailFailed(state, action: PayloadAction<{ id: number; error: string }>) {
      if (state.openDetail?.id === action.payload.id) state.openDetail.error = action.payload.error;
    },
    alarmAcknowledgeOpened(state, action: PayloadAction<number>) {
      state.acknowledge = { alarmId: action.payload, status: requestIdle };
    },
    /** Cancel: the dialog closes; a request already sent still lands (and is toasted). */
    alarmAcknowledgeClosed(state) {
      state.acknowledge = { alarmId: null, status: requestIdle };
    },
    alarmAcknowledgeRequested(state, action: PayloadAction<{ id: number; note: string }>) {
      if (state.acknowledge.alarmId === action.payload.id) state.acknowledge.status = requestPending;
    },
    /** Acknowledge was chosen on the alarm's notification (its page opened with `?acknowledge=1`): no dialog, no note. */
    alarmAcknowledgeFromNotification(_state, _action: PayloadAction<number>) {},
    /** The API's answer: the alarm as acknowledged, which closes its dialog. */
    alarmAcknowledged(state, action: PayloadAction<AlarmDto>) {
      learn(state, [action.payload]);
      if (state.acknowledge.alarmId === action.payload.id) state.acknowledge = { alarmId: null, status: requestDone() };
    },
    alarmAcknowledgeFailed(state, action: PayloadAction<{ id: number; error: string }>) {
      if (state.acknowledge.alarmId === action.payload.id)
        state.acknowledge.status = requestFailed(action.payload.error);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => initialAlarmsState)
      .addCase(alarmsReceived, (state, action) => {
        learn(
          state,
          action.payload.map((message) => message.alarm),
        );
      });
  },
});

export const {
  alarmsLoadRequested,
  alarmsViewOpened,
  alarmsLoaded,
  alarmsLoadFailed,
  alarmDetailRequested,
  alarmDetailClosed,
  alarmDetailLoaded,
  alarmDetailFailed,
  alarmAcknowledgeOpened,
  alarmAcknowledgeClosed,
  alarmAcknowledgeRequested,
  alarmAcknowledgeFromNotification,
  alarmAcknowledged,
  alarmAcknowledgeFailed,
} = alarmsSlice.actions;

/** The store's `alarms` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    alarms: AlarmsState;
  }
}
