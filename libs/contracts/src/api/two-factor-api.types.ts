/**
 * Two-factor sign-in (docs/access.md): a TOTP authenticator (RFC 6238) and ten single-use recovery
 * codes. An account without it signs in exactly as the spec says.
 */

/** POST /auth/login's answer for an account with two-factor sign-in on: no token until the code. */
export interface SecondFactorChallenge {
  secondFactor: 'totp';
  /** Signed, short-lived: sent back with the code to POST /v2/auth/second-factor. */
  challenge: string;
}

/** POST /v2/auth/second-factor; answers a TokenResponse. */
export interface SecondFactorRequest {
  challenge: string;
  /** The authenticator's current 6-digit code, or an unused recovery code. */
  code: string;
}

/** GET /v2/account/two-factor, and the answer of turning it off. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused recovery codes (0 while off). */
  recoveryCodesLeft: number;
  /**
   * The companies of the user that require two-factor sign-in (docs/access.md, "Teams"): while it is
   * off, their sites stay closed to the user. Always sent (possibly []); absent from older servers.
   */
  requiredBy?: string[];
}

/** POST /v2/account/two-factor/enrolment (no body): a new authenticator key waiting for its first code. */
export interface TwoFactorEnrolment {
  /** The key in base32, for typing into an authenticator by hand. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

/** POST /v2/account/two-factor/enrolment/confirm and POST /v2/account/two-factor/disable. */
export interface TwoFactorCodeRequest {
  code: string;
}

/** The answer of confirming the enrolment: shown once, stored only hashed. */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}
