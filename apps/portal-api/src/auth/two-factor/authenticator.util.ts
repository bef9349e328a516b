import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME, TOTP_DIGITS } from '@app/contracts';

/** RFC 6238's defaults, the ones every authenticator app understands. */
const PERIOD_SECONDS = 30;
const ALGORITHM = 'SHA1';
/** A code of the step before or after is taken too: phones' clocks drift, and typing takes time. */
const STEPS_EITHER_SIDE = 1;
/** 160 bits, RFC 4226's recommended key length. */
const KEY_BYTES = 20;

function totp(key: string, account: string): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label: account,
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(key),
  });
}

/** A new random authenticator key, in base32 as apps take it typed by hand. */
export function newAuthenticatorKey(): string {
  return new Secret({ size: KEY_BYTES }).base32;
}

/** The otpauth:// address a QR code carries to the authenticator app. */
export function authenticatorUrl(key: string, account: string): string {
  return totp(key, account).toString();
}

/**
 * The time step of `code` if it is the key's code now (or one step either side) and of a later step
 * than `lastUsedStep`: a code, even a right one, never signs in twice (RFC 6238, section 5.2).
 */
export function acceptedStep(key: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  const digits = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits)) return null;
  const generator = totp(key, '');
  const delta = generator.validate({ token: digits, timestamp: now.getTime(), window: STEPS_EITHER_SIDE });
  if (delta === null) return null;
  const step = generator.counter({ timestamp: now.getTime() }) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
