import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../app/root.reducer';

export const selectAuth = (state: RootState) => state.auth;
export const selectAuthReady = (state: RootState) => state.auth.ready;
export const selectSessionToken = (state: RootState) => state.auth.session;
export const selectClaimsToken = (state: RootState) => state.auth.claims;
export const selectIssuer = (state: RootState) => state.auth.issuer;
export const selectAuthNotice = (state: RootState) => state.auth.notice;

/** Signed in while a session is held; the saga drops it the moment it expires. */
export const selectIsSignedIn = createSelector(selectSessionToken, (session) => session !== null);

export const selectAuthForm = createSelector(selectAuth, (auth) => ({
  pending: auth.pending,
  error: auth.error,
  resetMailRequested: auth.resetMailRequested,
}));
