import type { PanelRight } from '../api/teams-api.types';

/** Default issuer named in every token the API signs; a token with another issuer is invalid (spec 5). */
export const API_TOKEN_ISSUER = 'fire-alarm-portal-api';

/** What a token is for; a token is only ever accepted for its own use. */
export type TokenUse = 'session' | 'claims' | 'reset' | 'second-factor';

interface SignedTokenPayload {
  /** The API's issuer name. */
  iss: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** The user's id. */
  sub: string;
  typ: TokenUse;
  /**
   * Password version: when the account's password was last set (ms since the epoch) at signing. A
   * token whose version is not the account's current one is void (a password change or reset).
   */
  pwv: number;
}

/** Account-level token. */
export interface SessionTokenPayload extends SignedTokenPayload {
  typ: 'session';
  /** The sign-in it belongs to (user_sessions): ending that session voids the token. */
  sid: string;
}

/** Panel-level token: lists the hardware addresses of the panels whose claim is AUTHED. */
export interface ClaimsTokenPayload extends SignedTokenPayload {
  typ: 'claims';
  panels: string[];
  /**
   * Added: each listed panel's rights (docs/access.md, "Teams"): `control`, `share`; a viewer's panel
   * has []. The API checks the stored role on each call as well, so a role lowered since signing
   * takes effect at once.
   */
  rights?: Record<string, PanelRight[]>;
  /** The session it was made with: ending that session voids it too. */
  sid: string;
}

/** Password reset token; the reset page reads the e-mail address from it. Works once (`jti`). */
export interface ResetTokenPayload extends SignedTokenPayload {
  typ: 'reset';
  email: string;
  jti: string;
}

/** The password was right; a code from the user's authenticator (or a recovery code) must follow. */
export interface SecondFactorTokenPayload extends SignedTokenPayload {
  typ: 'second-factor';
}

/** Names of the two token slots of a browser session. */
export type TokenSlot = 'session' | 'claims';
