/** The refusals of two-factor sign-in, as the API words them. */
export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'The code is not valid: enter the current code from your authenticator app, or an unused recovery code',
  challengeExpired: 'The sign-in took too long: enter your e-mail address and password again',
  alreadyOn: 'Two-factor sign-in is already on',
  nothingToConfirm: 'Start the set-up again: no authenticator is waiting to be confirmed',
  notOn: 'Two-factor sign-in is not on',
  cannotCheck: 'Codes cannot be checked just now: try again in a minute',
} as const;

/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/** The digits of an authenticator's code. */
export const TOTP_DIGITS = 6;
