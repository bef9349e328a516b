import { createHash } from 'node:crypto';
import { SecretCipher } from '@app/platform';

/** Relay passwords at rest, under a key derived from RELAY_SECRET_KEY (a format of their own: SecretCipher). */
export class RelayPasswordCipher extends SecretCipher {
  constructor(secret: string) {
    // The secret is random and long (checked by the configuration), so one hash is key enough.
    super(createHash('sha256').update(secret, 'utf8').digest(), 'relay password', 'RELAY_SECRET_KEY');
  }
}
