import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { shownTime } from '../shared/shown-time.util';
import { browserName } from '../shared/browser-name.util';
import { lastSeenText, signedInText, signOutLabel } from './sessions-messages.constants';

export const selectSessions = (state: RootState) => state.sessions;

/** One signed-in browser as its list item shows it. */
export interface SessionRow {
  id: string;
  current: boolean;
  browser: string;
  userAgent: string;
  signedIn: string;
  lastSeen: string;
  signOutLabel: string;
}

export const selectSessionRows = createSelector(
  (state: RootState) => state.sessions.sessions,
  (sessions): SessionRow[] =>
    (sessions ?? []).map((session) => {
      const browser = browserName(session.userAgent);
      return {
        id: session.id,
        current: session.current,
        browser,
        userAgent: session.userAgent,
        signedIn: signedInText(shownTime(session.signedInAt), session.address),
        lastSeen: lastSeenText(shownTime(session.lastSeenAt)),
        signOutLabel: signOutLabel(browser, session.current),
      };
    }),
);

/** What the section shows around the list; every button waits while anything is in flight. */
export const selectSessionsView = createSelector(selectSessions, ({ sessions, reading, loadError, request }) => ({
  loading: sessions === null && loadError === null,
  listed: sessions !== null,
  busy: reading || request.pending,
  hasOthers: (sessions ?? []).some((session) => !session.current),
  error: request.error ?? loadError,
  notice: request.notice,
}));

/** Whether the session of this id is the one this browser is signed in with. */
export const selectIsCurrentSession = (state: RootState, id: string): boolean =>
  state.sessions.sessions?.some((session) => session.id === id && session.current) ?? false;
