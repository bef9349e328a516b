/** Issuer named in every token the API signs; a token with another issuer is invalid (spec 5). */
export const API_TOKEN_ISSUER = 'fire-alarm-portal-api';

/** Account-level token. `exp` is in seconds since the epoch; `sub` is the user id. */
export interface SessionTokenPayload {
  iss: string;
  exp: number;
  sub: string;
}

/** Panel-level token: lists the hardware addresses of the panels whose claim is AUTHED. */
export interface ClaimsTokenPayload extends SessionTokenPayload {
  panels: string[];
}

/** Password reset token; the reset page reads the e-mail address from it. */
export interface ResetTokenPayload extends SessionTokenPayload {
  email: string;
}

/** Names of the two token slots of a browser session. */
export type TokenSlot = 'session' | 'claims';
