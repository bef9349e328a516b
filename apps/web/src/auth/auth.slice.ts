import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ClientConfigResponse,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  TokenSlot,
} from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';

/** The sign-in forms; each has its own request status. */
export const AUTH_FORMS = ['login', 'register', 'resetMail', 'passwordReset'] as const;
export type AuthFormId = (typeof AUTH_FORMS)[number];

export interface AuthState {
  /** False until the API's issuer is known and the stored session has been checked. */
  ready: boolean;
  issuer: string | null;
  session: string | null;
  claims: string | null;
  /** Shown on the login page after the session ended on its own (e.g. expiry). */
  notice: string | null;
  /** Each sign-in form's request; errors are in the spec's wording, a done resetMail means the mail was requested. */
  forms: Record<AuthFormId, RequestStatus>;
  /** The API's configuration for the client (support contact, provider), once read; kept across sessions. */
  clientConfig: ClientConfigResponse | null;
  /**
   * May the user open a site's screens (spec 4, "Panel access"), by hwaddr, while one is open;
   * absent until asked, and again once it closed.
   */
  panelAccess: Record<string, PanelAccess>;
  /** Null on the e-mail/password form; kept in memory only, as it is good for a few minutes. */
  secondFactor: SecondFactorStep | null;
}

/**
 * The login's second step for an account with two-factor sign-in on (docs/access.md): the
 * challenge the password earned, and the code's request.
 */
export interface SecondFactorStep {
  challenge: string;
  status: RequestStatus;
}

/** 'failed' carries no verdict: the claims could not be fetched (the page says why). */
export type PanelAccess =
  { state: 'checking' } | { state: 'allowed' } | { state: 'denied' } | { state: 'failed'; error: string };

const idleForms = Object.fromEntries(AUTH_FORMS.map((form) => [form, requestIdle])) as Record<
  AuthFormId,
  RequestStatus
>;

export const initialAuthState: AuthState = {
  ready: false,
  issuer: null,
  session: null,
  claims: null,
  notice: null,
  forms: idleForms,
  clientConfig: null,
  panelAccess: {},
  secondFactor: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The app started: the saga reads the API's configuration and restores the session. */
    authStarted() {},
    clientConfigLoaded(state, action: PayloadAction<ClientConfigResponse>) {
      state.clientConfig = action.payload;
    },
    authReady(state, action: PayloadAction<{ issuer: string; session: string | null }>) {
      state.ready = true;
      state.issuer = action.payload.issuer;
      state.session = action.payload.session;
      state.claims = null;
    },
    /** Replaces one slot, session or claims (spec 4). */
    tokenSet(state, action: PayloadAction<{ slot: TokenSlot; token: string }>) {
      state[action.payload.slot] = action.payload.token;
      if (action.payload.slot === 'session') {
        state.notice = null;
        state.secondFactor = null;
      }
    },
    loginRequested(state, _action: PayloadAction<LoginRequest>) {
      state.forms.login = requestPending;
    },
    registerRequested(state, _action: PayloadAction<RegisterRequest>) {
      state.forms.register = requestPending;
    },
    resetMailRequested(state, _action: PayloadAction<{ email: string }>) {
      state.forms.resetMail = requestPending;
    },
    passwordResetRequested(state, _action: PayloadAction<ResetPasswordRequest>) {
      state.forms.passwordReset = requestPending;
    },
    authFormSucceeded(state, action: PayloadAction<AuthFormId>) {
      state.forms[action.payload] = requestDone();
    },
    authFormFailed(state, action: PayloadAction<{ form: AuthFormId; error: string }>) {
      state.forms[action.payload.form] = requestFailed(action.payload.error);
    },
    /** A sign-in screen opened: no earlier error or sent notice of its form carries over, nor a second step. */
    authFormReset(state, action: PayloadAction<AuthFormId>) {
      state.forms[action.payload] = requestIdle;
      if (action.payload === 'login') state.secondFactor = null;
    },
    /** The password was right and the account asks for a code: the login page shows the second step. */
    secondFactorChallenged(state, action: PayloadAction<string>) {
      state.forms.login = requestIdle;
      state.secondFactor = { challenge: action.payload, status: requestIdle };
    },
    secondFactorRequested(state, _action: PayloadAction<{ code: string }>) {
      if (state.secondFactor) state.secondFactor.status = requestPending;
    },
    /** A refused code: the step stays for another try. */
    secondFactorFailed(state, action: PayloadAction<string>) {
      if (state.secondFactor) state.secondFactor.status = requestFailed(action.payload);
    },
    /** Back to the e-mail/password form: by the user, or with why (the challenge expired). */
    secondFactorEnded(state, action: PayloadAction<string | null>) {
      state.secondFactor = null;
      state.forms.login = action.payload === null ? requestIdle : requestFailed(action.payload);
    },
    logoutRequested() {},
    /** A site screen opened: the claims decide whether it may show (spec 2.3, 4, 5). */
    panelAccessRequested(state, action: PayloadAction<string>) {
      state.panelAccess[action.payload] = { state: 'checking' };
    },
    /** Dropped when the screen closed while it was checked: only open screens keep a verdict. */
    panelAccessChecked(state, action: PayloadAction<{ hwaddr: string; access: PanelAccess }>) {
      if (action.payload.hwaddr in state.panelAccess) state.panelAccess[action.payload.hwaddr] = action.payload.access;
    },
    /**
     * A site screen closed: its verdict goes, so that a change of the user's access (the live feed's
     * AUTH_CHK) sends home only from a screen that is open.
     */
    panelAccessReleased(state, action: PayloadAction<string>) {
      delete state.panelAccess[action.payload];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, (state, action) => ({
      ...initialAuthState,
      ready: state.ready,
      issuer: state.issuer,
      clientConfig: state.clientConfig,
      notice: action.payload.notice,
    }));
  },
});

export const {
  authStarted,
  clientConfigLoaded,
  authReady,
  tokenSet,
  loginRequested,
  registerRequested,
  resetMailRequested,
  passwordResetRequested,
  authFormSucceeded,
  authFormFailed,
  authFormReset,
  secondFactorChallenged,
  secondFactorRequested,
  secondFactorFailed,
  secondFactorEnded,
  logoutRequested,
  panelAccessRequested,
  panelAccessChecked,
  panelAccessReleased,
} = authSlice.actions;

/** The store's `auth` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    auth: AuthState;
  }
}
