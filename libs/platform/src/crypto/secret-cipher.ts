import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * A secret the portal must read back (a relay's password, an authenticator's key) kept at rest:
 * AES-256-GCM, stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). The tag makes a changed or
 * foreign value fail loudly, naming what it was and the variable whose key it needs.
 */
export class SecretCipher {
  constructor(
    private readonly key: Buffer,
    /** What is kept, for errors: 'relay password'. */
    private readonly what: string,
    /** The variable the key comes from, for errors: 'RELAY_SECRET_KEY'. */
    private readonly keyVariable: string,
  ) {
    if (key.length !== 32) throw new Error(`the key of the ${what} cipher must be 32 bytes`);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined)
      throw new Error(`stored ${this.what} has an unknown format`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(
        `stored ${this.what} does not decrypt: ${this.keyVariable} differs from the one it was saved with`,
      );
    }
  }
}
