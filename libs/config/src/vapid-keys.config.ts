import { ConfigError } from './config-error';

type Env = Record<string, string | undefined>;

/**
 * The portal's VAPID key pair (RFC 8292), which identifies it to browsers' push services: the
 * public key is what a browser subscribes with (portal-api hands it out), the private key signs
 * each push (the mailer). Both base64url, as `web-push generate-vapid-keys` prints them: the public
 * key an uncompressed P-256 point (65 bytes), the private key 32 bytes.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const PUBLIC = 'WEB_PUSH_VAPID_PUBLIC_KEY';
const PRIVATE = 'WEB_PUSH_VAPID_PRIVATE_KEY';

function decoded(variable: string, raw: string, bytes: number, expected: string): string {
  const text = raw.trim();
  const value = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : Buffer.alloc(0);
  if (value.length !== bytes || (bytes === 65 && value[0] !== 4)) throw new ConfigError(variable, expected, raw);
  return text;
}

/** WEB_PUSH_VAPID_PUBLIC_KEY, or null when push is not set up (no key given). */
export function readVapidPublicKey(source: Env = process.env): string | null {
  const raw = source[PUBLIC];
  if (raw === undefined || raw.trim() === '') return null;
  return decoded(PUBLIC, raw, 65, 'a base64url P-256 public key (65 bytes, as web-push generate-vapid-keys prints it)');
}

/** Both keys, or null when neither is given; one without the other is a configuration error. */
export function readVapidKeys(source: Env = process.env): VapidKeys | null {
  const publicKey = readVapidPublicKey(source);
  const rawPrivate = source[PRIVATE];
  const hasPrivate = rawPrivate !== undefined && rawPrivate.trim() !== '';
  if (publicKey === null && !hasPrivate) return null;
  if (publicKey === null) throw new ConfigError(PUBLIC, `set together with ${PRIVATE}`, undefined);
  if (!hasPrivate) throw new ConfigError(PRIVATE, `set together with ${PUBLIC}`, undefined);
  return {
    publicKey,
    privateKey: decoded(PRIVATE, rawPrivate, 32, 'a base64url P-256 private key (32 bytes)'),
  };
}
