/** The login's second step (docs/access.md, "Two-factor sign-in"): what it says beside the API's refusals. */
export const SECOND_FACTOR_TEXT = {
  title: 'Two-factor sign-in',
  intro: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeLabel: 'Authentication code',
} as const;

/** The longest code the API takes: six digits, or a recovery code typed with spaces. */
export const SECOND_FACTOR_CODE_MAX_LENGTH = 32;
