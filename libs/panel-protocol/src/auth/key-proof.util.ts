import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NONCE_BYTES } from '../protocol.constants';

/**
 * The key proof: HMAC-SHA256 keyed with the panel's 4-digit admin key (its ASCII bytes) over the
 * nonce's bytes (the hex decoded), as 64 lowercase hex characters. Proves the key without sending it.
 */
export function keyProof(adminKey: string, nonceHex: string): string {
  return createHmac('sha256', Buffer.from(adminKey, 'ascii')).update(Buffer.from(nonceHex, 'hex')).digest('hex');
}

/** True when the proof was made with this key over this nonce; compares in constant time. */
export function verifyKeyProof(adminKey: string, nonceHex: string, proofHex: string): boolean {
  const expected = Buffer.from(keyProof(adminKey, nonceHex), 'hex');
  const given = Buffer.from(proofHex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A fresh challenge nonce. */
export function newNonce(): string {
  return randomBytes(NONCE_BYTES).toString('hex');
}
