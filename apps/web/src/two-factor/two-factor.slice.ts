import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorStatus } from '@app/contracts';
import { requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';

export interface TwoFactorState {
  /** As the API last answered it; null until read. */
  status: TwoFactorStatus | null;
  loadError: string | null;
  /** A new key waiting for its first code; null when none is being set up. */
  enrolment: TwoFactorEnrolment | null;
  /** Shown once, right after turning on, until the user says they saved them. */
  recoveryCodes: string[] | null;
  /** The one request of the view shown (Turn on, Confirm or Turn off); its error shows there. */
  request: RequestStatus;
  /**
   * A company of the user requires two-factor sign-in and it is off, as read when the session
   * started: the user is sent to My Account, once.
   */
  sendToAccount: boolean;
}

export const initialTwoFactorState: TwoFactorState = {
  status: null,
  loadError: null,
  enrolment: null,
  recoveryCodes: null,
  request: requestIdle,
  sendToAccount: false,
};

export const twoFactorSlice = createSlice({
  name: 'twoFactor',
  initialState: initialTwoFactorState,
  reducers: {
    /** My Account opened: read again; nothing of an earlier visit (a key, the codes) carries over. */
    twoFactorSectionOpened: (state) => ({ ...initialTwoFactorState, sendToAccount: state.sendToAccount }),
    twoFactorLoaded(state, action: PayloadAction<TwoFactorStatus>) {
      state.status = action.payload;
      state.loadError = null;
    },
    twoFactorLoadFailed(state, action: PayloadAction<string>) {
      state.loadError = action.payload;
    },
    turnOnRequested(state) {
      state.request = requestPending;
    },
    enrolmentStarted(state, action: PayloadAction<TwoFactorEnrolment>) {
      state.enrolment = action.payload;
      state.request = requestIdle;
    },
    /** The waiting key is dropped here; the API replaces it at the next Turn on. */
    enrolmentCancelled(state) {
      state.enrolment = null;
      state.request = requestIdle;
    },
    enrolmentConfirmRequested(state, _action: PayloadAction<string>) {
      state.request = requestPending;
    },
    enrolmentConfirmed(state, action: PayloadAction<TwoFactorRecoveryCodes>) {
      state.enrolment = null;
      state.recoveryCodes = action.payload.recoveryCodes;
      state.status = { enabled: true, recoveryCodesLeft: action.payload.recoveryCodes.length };
      state.request = requestIdle;
    },
    recoveryCodesSaved(state) {
      state.recoveryCodes = null;
    },
    turnOffRequested(state, _action: PayloadAction<string>) {
      state.request = requestPending;
    },
    turnedOff(state, action: PayloadAction<TwoFactorStatus>) {
      state.status = action.payload;
      state.request = requestIdle;
    },
    /** Required by a company and off: to My Account, where the notice says which company requires it. */
    twoFactorRequiredFound(state) {
      state.sendToAccount = true;
    },
    sentToAccount(state) {
      state.sendToAccount = false;
    },
    /** The API's refusal of the view's request; the view stays for another try. */
    twoFactorRequestFailed(state, action: PayloadAction<string>) {
      state.request = requestFailed(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialTwoFactorState);
  },
});

export const {
  twoFactorSectionOpened,
  twoFactorLoaded,
  twoFactorLoadFailed,
  turnOnRequested,
  enrolmentStarted,
  enrolmentCancelled,
  enrolmentConfirmRequested,
  enrolmentConfirmed,
  recoveryCodesSaved,
  turnOffRequested,
  turnedOff,
  twoFactorRequiredFound,
  sentToAccount,
  twoFactorRequestFailed,
} = twoFactorSlice.actions;

/** The store's `twoFactor` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    twoFactor: TwoFactorState;
  }
}
