import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginRequest, RegisterRequest, ResetPasswordRequest, TokenSlot } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';

export interface AuthState {
  /** False until the API's issuer is known and the stored session has been checked. */
  ready: boolean;
  issuer: string | null;
  session: string | null;
  claims: string | null;
  /** Shown on the login page after the session ended on its own (e.g. expiry). */
  notice: string | null;
  /** A sign-in form is being submitted. */
  pending: boolean;
  /** The failure of the last sign-in form, in the spec's wording. */
  error: string | null;
  /** The reset mail was requested. */
  resetMailRequested: boolean;
}

export const initialAuthState: AuthState = {
  ready: false,
  issuer: null,
  session: null,
  claims: null,
  notice: null,
  pending: false,
  error: null,
  resetMailRequested: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The app started: the saga reads the API's configuration and restores the session. */
    authStarted() {},
    authReady(state, action: PayloadAction<{ issuer: string; session: string | null }>) {
      state.ready = true;
      state.issuer = action.payload.issuer;
      state.session = action.payload.session;
      state.claims = null;
    },
    /** Replaces one slot, session or claims (spec 4). */
    tokenSet(state, action: PayloadAction<{ slot: TokenSlot; token: string }>) {
      state[action.payload.slot] = action.payload.token;
      if (action.payload.slot === 'session') state.notice = null;
    },
    loginRequested: formStarted<LoginRequest>,
    registerRequested: formStarted<RegisterRequest>,
    resetMailRequested: formStarted<{ email: string }>,
    passwordResetRequested: formStarted<ResetPasswordRequest>,
    authFormSucceeded(state) {
      state.pending = false;
      state.error = null;
    },
    resetMailSent(state) {
      state.pending = false;
      state.resetMailRequested = true;
    },
    authFormFailed(state, action: PayloadAction<string>) {
      state.pending = false;
      state.error = action.payload;
    },
    /** A sign-in screen opened: no earlier error or sent notice carries over. */
    authFormReset(state) {
      state.pending = false;
      state.error = null;
      state.resetMailRequested = false;
    },
    logoutRequested() {},
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, (state, action) => ({
      ...initialAuthState,
      ready: state.ready,
      issuer: state.issuer,
      notice: action.payload.notice,
    }));
  },
});

function formStarted<P>(state: AuthState, _action: PayloadAction<P>) {
  state.pending = true;
  state.error = null;
}

export const {
  authStarted,
  authReady,
  tokenSet,
  loginRequested,
  registerRequested,
  resetMailRequested,
  passwordResetRequested,
  authFormSucceeded,
  resetMailSent,
  authFormFailed,
  authFormReset,
  logoutRequested,
} = authSlice.actions;
