import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS } from '@app/contracts';
import type { AuthFormId } from './auth.slice';

export const selectAuth = (state: RootState) => state.auth;
export const selectAuthReady = (state: RootState) => state.auth.ready;
export const selectSessionToken = (state: RootState) => state.auth.session;
export const selectClaimsToken = (state: RootState) => state.auth.claims;
export const selectIssuer = (state: RootState) => state.auth.issuer;
export const selectAuthNotice = (state: RootState) => state.auth.notice;

/** Signed in while a session is held; the saga drops it the moment it expires. */
export const selectIsSignedIn = createSelector(selectSessionToken, (session) => session !== null);

export const selectAuthForm = (state: RootState, form: AuthFormId) => state.auth.forms[form];

/** The login's second step while the account's code is awaited; null on the e-mail/password form. */
export const selectSecondFactorStep = (state: RootState) => state.auth.secondFactor;

const selectClientConfig = (state: RootState) => state.auth.clientConfig;

/** The support contact of the help page; only the parts the API's configuration gives. */
export const selectSupportContact = createSelector(selectClientConfig, (config) => ({
  phone: config?.supportPhone?.trim() || null,
  email: config?.supportEmail?.trim() || null,
  address: config?.supportAddress?.trim() || null,
}));

/** The company named in the footer's copyright, once the configuration is known. */
export const selectProviderName = (state: RootState) => state.auth.clientConfig?.providerName?.trim() || null;

export const selectPanelAccess = (state: RootState, hwaddr: string) => state.auth.panelAccess[hwaddr];

/** TIME_DESYNC_THRESHOLD as the API says it (its default until read): past it an event shows both times. */
export const selectTimeDesyncThresholdSeconds = (state: RootState): number =>
  state.auth.clientConfig?.timeDesyncThresholdSeconds ?? DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS;
