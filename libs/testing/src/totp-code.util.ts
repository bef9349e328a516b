import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text: string): Buffer {
  let bits = '';
  for (const letter of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(letter);
    if (value < 0) throw new Error(`not base32: ${letter}`);
    bits += value.toString(2).padStart(5, '0');
  }
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/**
 * The 6-digit code an authenticator app shows for `base32Key` at `at` (RFC 6238 over RFC 4226's
 * HMAC-SHA1 and dynamic truncation), written out here from the RFCs rather than with the library
 * the portal uses, so that a test checks the portal against the standard, as a phone would.
 */
export function authenticatorAppCode(base32Key: string, at: Date, stepSeconds = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / stepSeconds)));
  const mac = createHmac('sha1', base32Bytes(base32Key)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}
