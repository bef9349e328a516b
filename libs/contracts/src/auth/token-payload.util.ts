import { API_TOKEN_ISSUER } from './token.types';

/**
 * Reading a signed token's middle section without checking its signature: the web client uses it
 * to decide whether a stored token is still worth sending. Servers verify signatures elsewhere.
 * Written without Buffer or atob so that it runs the same in Node and in the browser.
 */

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64UrlToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE64URL_ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** The JSON object in the token's middle section, or null when there is none or it does not decode. */
export function decodeTokenPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length < 2 || parts[1] === '') return null;
  const bytes = base64UrlToBytes(parts[1]);
  if (bytes === null) return null;
  try {
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A token is valid when its middle section decodes to JSON, its issuer is the API's and its expiry
 * (seconds since the epoch) is later than now (spec 5, "Token validity"). The issuer is the one the
 * API is configured with; the default is the API's default.
 */
export function isTokenValid(
  token: string | null | undefined,
  now: Date = new Date(),
  issuer: string = API_TOKEN_ISSUER,
): boolean {
  const payload = decodeTokenPayload(token);
  if (payload === null || payload.iss !== issuer) return false;
  return typeof payload.exp === 'number' && payload.exp * 1000 > now.getTime();
}

/** True when a valid claims token lists the panel. */
export function claimsAllowPanel(
  token: string | null | undefined,
  hwaddr: string,
  now: Date = new Date(),
  issuer: string = API_TOKEN_ISSUER,
): boolean {
  if (!isTokenValid(token, now, issuer)) return false;
  const panels = decodeTokenPayload(token)?.panels;
  return Array.isArray(panels) && panels.includes(hwaddr);
}
