/** My Account's 'Two-factor sign-in': what it says beside the API's own refusals (TWO_FACTOR_MESSAGES). */
export const TWO_FACTOR_TEXT = {
  title: 'Two-factor sign-in',
  loading: 'Reading your two-factor sign-in…',
  off: 'Off: signing in takes your password alone.',
  enrol:
    'Scan this QR code with your authenticator app, or enter the key by hand, then enter the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  recoveryCodes:
    'Two-factor sign-in is on. Save these recovery codes somewhere safe: each one signs you in once if you lose your phone.',
  on: 'On: signing in asks for a code from your authenticator app.',
} as const;

/** '3 recovery codes left.', '1 recovery code left.' */
export const recoveryCodesLeftText = (count: number): string =>
  `${count} recovery ${count === 1 ? 'code' : 'codes'} left.`;

/** 'Acme Fire requires two-factor sign-in: …'; several companies are named together ('Acme Fire, Beta Alarms requires …'). */
export const twoFactorRequiredText = (companies: string[]): string =>
  `${companies.join(', ')} requires two-factor sign-in: turn it on to reach the company's sites.`;
