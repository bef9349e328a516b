/** My Account's 'Account activity': what it says beside the API's own refusals. */
export const ACCOUNT_ACTIVITY_TEXT = {
  title: 'Account activity',
  loading: 'Reading your account activity…',
  empty: 'Nothing yet: changes to how you sign in appear here.',
  twoFactorOn: 'Two-factor sign-in turned on',
  twoFactorOff: 'Two-factor sign-in turned off',
  passwordReset: 'Password reset',
} as const;

/** 'Recovery code used (7 left)': the count as the API gives it. */
export const recoveryCodeUsedText = (left: string): string => `Recovery code used (${left} left)`;

/** 'Signed out Firefox on Linux': the browser as browserName gives it. */
export const sessionEndedText = (browser: string): string => `Signed out ${browser}`;

/** 'Signed out 1 other browser', 'Signed out 3 other browsers': the count as the API gives it. */
export const otherSessionsEndedText = (count: string): string =>
  `Signed out ${count} other ${Number(count) === 1 ? 'browser' : 'browsers'}`;

/** '02/05/2025 08:15:00 UTC from 203.0.113.7' (the time as shownTime gives it); the time alone when the address is not known. */
export const activityWhenText = (time: string, address: string): string =>
  address === '' ? time : `${time} from ${address}`;
