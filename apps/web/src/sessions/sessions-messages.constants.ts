/** My Account's 'Signed-in browsers': what it says beside the API's own refusals. */
export const SESSIONS_TEXT = {
  title: 'Signed-in browsers',
  loading: 'Reading your signed-in browsers…',
  thisBrowser: '(this browser)',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other browsers',
} as const;

/** 'Signed in 01/05/2025 09:30:00 UTC from 203.0.113.7' (the time as shownTime gives it). */
export const signedInText = (time: string, address: string): string => `Signed in ${time} from ${address}`;

export const lastSeenText = (time: string): string => `Last seen ${time}`;

/** Each Sign out button names its browser, the current one marked, so that they can be told apart. */
export const signOutLabel = (browser: string, current: boolean): string =>
  `Sign out ${browser}${current ? ` ${SESSIONS_TEXT.thisBrowser}` : ''}`;

/** 'Signed out 1 other browser.', 'Signed out 3 other browsers.' */
export const othersEndedText = (count: number): string =>
  `Signed out ${count} other ${count === 1 ? 'browser' : 'browsers'}.`;
