import { createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

/**
 * A panel's device identity: an Ed25519 key pair provisioned at manufacture. The panel keeps the
 * 32-byte private seed (its device secret); the portal's registry keeps only the public key, so
 * nothing the portal stores would let anyone sign as the panel.
 */

/** Seeds, public keys: 32 bytes as 64 lowercase hex characters; signatures: 64 bytes, 128 hex. */
export const DEVICE_KEY_PATTERN = /^[0-9a-f]{64}$/;
export const DEVICE_SIGNATURE_PATTERN = /^[0-9a-f]{128}$/;
export const DEVICE_SIGNATURE_DESCRIPTION = '128 lowercase hex characters (an Ed25519 signature)';

/** Domain separation: a signature made for this protocol version is never valid for anything else. */
export const DEVICE_PROOF_CONTEXT = 'panel-link/2';

// DER prefixes that wrap a raw Ed25519 seed (PKCS#8) and a raw public key (SPKI) for node:crypto.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface DeviceKeyPair {
  /** The device secret: the private seed, 64 hex. Shown once, stored only in the panel. */
  secret: string;
  /** The public key the registry keeps, 64 hex. */
  publicKey: string;
}

function checkKeyHex(value: string, what: string): Buffer {
  if (!DEVICE_KEY_PATTERN.test(value)) throw new Error(`${what} must be 64 lowercase hex characters`);
  return Buffer.from(value, 'hex');
}

function privateKeyOf(secretHex: string): KeyObject {
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, checkKeyHex(secretHex, 'the device secret')]),
    format: 'der',
    type: 'pkcs8',
  });
}

function publicKeyObject(publicKeyHex: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, checkKeyHex(publicKeyHex, 'the public key')]),
    format: 'der',
    type: 'spki',
  });
}

/** The public key (64 hex) of a device secret. */
export function devicePublicKey(secretHex: string): string {
  const spki = createPublicKey(privateKeyOf(secretHex)).export({ format: 'der', type: 'spki' });
  return spki.subarray(SPKI_ED25519_PREFIX.length).toString('hex');
}

/** A fresh key pair from 32 random bytes. */
export function generateDeviceKeyPair(): DeviceKeyPair {
  const secret = randomBytes(32).toString('hex');
  return { secret, publicKey: devicePublicKey(secret) };
}

/** What the panel signs in its key proof: bound to its MAC and to this connection's nonce. */
export function deviceProofMessage(hwaddr: string, nonceHex: string): Buffer {
  return Buffer.from(`${DEVICE_PROOF_CONTEXT}:${hwaddr}:${nonceHex}`, 'utf8');
}

/** The panel's signature (128 hex) over the proof message. */
export function signDeviceProof(secretHex: string, hwaddr: string, nonceHex: string): string {
  return sign(null, deviceProofMessage(hwaddr, nonceHex), privateKeyOf(secretHex)).toString('hex');
}

/** True when the signature was made with the secret of this public key for this MAC and nonce. */
export function verifyDeviceProof(
  publicKeyHex: string,
  hwaddr: string,
  nonceHex: string,
  signatureHex: string,
): boolean {
  if (!DEVICE_SIGNATURE_PATTERN.test(signatureHex) || !DEVICE_KEY_PATTERN.test(publicKeyHex)) return false;
  try {
    return verify(
      null,
      deviceProofMessage(hwaddr, nonceHex),
      publicKeyObject(publicKeyHex),
      Buffer.from(signatureHex, 'hex'),
    );
  } catch {
    // A 32-byte string that is not a point of the curve is not a key: no proof holds.
    return false;
  }
}
