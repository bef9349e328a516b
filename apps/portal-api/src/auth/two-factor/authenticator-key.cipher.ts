import { hkdfSync } from 'node:crypto';
import { SecretCipher } from '@app/platform';

/**
 * Authenticator keys at rest, under a key of their own derived from RELAY_SECRET_KEY (the portal's
 * key for secrets it must read back): a relay password's key never opens an authenticator's.
 */
export class AuthenticatorKeyCipher extends SecretCipher {
  constructor(secret: string) {
    const key = Buffer.from(hkdfSync('sha256', secret, '', 'fire-alarm-portal authenticator keys', 32));
    super(key, 'authenticator key', 'RELAY_SECRET_KEY');
  }
}
