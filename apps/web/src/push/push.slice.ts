import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PushDeviceDto, PushSettingsResponse } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { PUSH_TEXT } from './push-messages.constants';

/** What this browser can do, once checked: no push at all, or push with the user's permission so far. */
export type PushBrowserState =
  | { checked: false }
  | { checked: true; supported: false }
  | { checked: true; supported: true; permission: NotificationPermission };

export interface PushState {
  /** The settings have been answered (or refused). */
  loaded: boolean;
  loadError: string | null;
  /** The portal's VAPID public key; null when push is not set up on this portal. */
  publicKey: string | null;
  devices: PushDeviceDto[];
  browser: PushBrowserState;
  /** The device this browser's subscription was turned on as, when it still has that subscription. */
  thisDeviceId: number | null;
  turnOn: RequestStatus;
  turnOff: RequestStatus;
  /** 'Send a test' and 'Remove' of each device, by its id. */
  tests: Record<number, RequestStatus>;
  removals: Record<number, RequestStatus>;
}

export const initialPushState: PushState = {
  loaded: false,
  loadError: null,
  publicKey: null,
  devices: [],
  browser: { checked: false },
  thisDeviceId: null,
  turnOn: requestIdle,
  turnOff: requestIdle,
  tests: {},
  removals: {},
};

export const pushSlice = createSlice({
  name: 'push',
  initialState: initialPushState,
  reducers: {
    /**
     * My Account opened: the settings are read and this browser checked again (its permission may
     * have changed since); an earlier visit's outcomes do not carry over.
     */
    pushSectionOpened(state) {
      state.loaded = false;
      state.loadError = null;
      state.browser = { checked: false };
      state.turnOn = requestIdle;
      state.turnOff = requestIdle;
      state.tests = {};
      state.removals = {};
    },
    pushSettingsLoaded(state, action: PayloadAction<PushSettingsResponse>) {
      state.loaded = true;
      state.loadError = null;
      state.publicKey = action.payload.publicKey;
      state.devices = action.payload.devices;
    },
    pushSettingsFailed(state, action: PayloadAction<string>) {
      state.loaded = true;
      state.loadError = action.payload;
    },
    pushBrowserChecked(state, action: PayloadAction<{ browser: PushBrowserState; thisDeviceId: number | null }>) {
      state.browser = action.payload.browser;
      state.thisDeviceId = action.payload.thisDeviceId;
    },
    pushTurnOnRequested(state) {
      state.turnOn = requestPending;
      state.turnOff = requestIdle;
    },
    /** The user answered the browser's question (or had before). */
    pushPermissionAnswered(state, action: PayloadAction<NotificationPermission>) {
      if (state.browser.checked && state.browser.supported) state.browser.permission = action.payload;
    },
    /** Push is on for this browser: its device (new, or the same subscription's, updated). */
    pushTurnedOn(state, action: PayloadAction<PushDeviceDto>) {
      const device = action.payload;
      state.devices = [...state.devices.filter((known) => known.id !== device.id), device];
      state.thisDeviceId = device.id;
      state.turnOn = requestDone();
    },
    pushTurnOffRequested(state) {
      state.turnOff = requestPending;
      state.turnOn = requestIdle;
    },
    pushTurnedOff(state) {
      state.devices = state.devices.filter((device) => device.id !== state.thisDeviceId);
      state.thisDeviceId = null;
      state.turnOff = requestDone();
    },
    pushTestRequested(state, action: PayloadAction<number>) {
      state.tests[action.payload] = requestPending;
    },
    pushTestSent(state, action: PayloadAction<number>) {
      state.tests[action.payload] = requestDone(PUSH_TEXT.testSent);
    },
    pushDeviceRemoveRequested(state, action: PayloadAction<number>) {
      state.removals[action.payload] = requestPending;
    },
    pushDeviceRemoved(state, action: PayloadAction<number>) {
      const id = action.payload;
      state.devices = state.devices.filter((device) => device.id !== id);
      if (state.thisDeviceId === id) state.thisDeviceId = null;
      delete state.removals[id];
      delete state.tests[id];
    },
    pushFormFailed(state, action: PayloadAction<{ form: 'turnOn' | 'turnOff'; error: string }>) {
      state[action.payload.form] = requestFailed(action.payload.error);
    },
    /** A device's 'Send a test' or 'Remove' was refused. */
    pushDeviceFailed(state, action: PayloadAction<{ form: 'tests' | 'removals'; id: number; error: string }>) {
      state[action.payload.form][action.payload.id] = requestFailed(action.payload.error);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialPushState);
  },
});

export const {
  pushSectionOpened,
  pushSettingsLoaded,
  pushSettingsFailed,
  pushBrowserChecked,
  pushTurnOnRequested,
  pushPermissionAnswered,
  pushTurnedOn,
  pushTurnOffRequested,
  pushTurnedOff,
  pushTestRequested,
  pushTestSent,
  pushDeviceRemoveRequested,
  pushDeviceRemoved,
  pushFormFailed,
  pushDeviceFailed,
} = pushSlice.actions;

/** The store's `push` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    push: PushState;
  }
}
