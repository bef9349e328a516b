/**
 * GET /v2/account/activity: what was done to the account's security, newest first (docs/access.md,
 * "Account activity"): the user's own record of who turned what on or off, and from where.
 */
export const ACCOUNT_ACTIVITY_KINDS = [
  'two-factor-on',
  'two-factor-off',
  'recovery-code-used',
  'session-ended',
  'other-sessions-ended',
  'password-reset',
] as const;
export type AccountActivityKind = (typeof ACCOUNT_ACTIVITY_KINDS)[number];

export interface AccountActivity {
  /** ISO 8601, UTC. */
  at: string;
  kind: AccountActivityKind;
  /** The address the request came from ('' when not known). */
  address: string;
  /**
   * What it concerned: the browser signed out ('session-ended': its user agent), how many
   * ('other-sessions-ended': '3'), the recovery codes left ('recovery-code-used': '7'); else ''.
   */
  detail: string;
}
