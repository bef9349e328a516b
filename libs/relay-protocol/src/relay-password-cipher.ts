import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Relay passwords at rest: AES-256-GCM under a key derived from the configured secret, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The tag makes a changed or foreign value fail loudly.
 */
export class RelayPasswordCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    // The secret is random and long (checked by the configuration), so one hash is key enough.
    this.key = createHash('sha256').update(secret, 'utf8').digest();
  }

  encrypt(password: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined)
      throw new Error('stored relay password has an unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(
        'stored relay password does not decrypt: RELAY_SECRET_KEY differs from the one it was saved with',
      );
    }
  }
}
