import { Injectable, Logger } from '@nestjs/common';
import { NatsService } from '@app/messaging';
import type { CredentialsRevokedMessage } from './credentials-revoked.types';

/**
 * Tells every portal-api copy that a user's tokens signed before a password change, or those of
 * sessions ended, are void, so that live sockets holding such a claims token are closed at once. HTTP calls need no message:
 * every guard checks the token's password version against the account. A publish that fails is
 * logged: the socket's token is still refused at its next renewal, within the claims lifetime.
 */
@Injectable()
export class CredentialRevocations {
  private readonly logger = new Logger(CredentialRevocations.name);

  constructor(private readonly nats: NatsService) {}

  passwordChanged(userId: string, passwordChangedAt: Date): void {
    this.publish({ userId, passwordVersion: passwordChangedAt.getTime() });
  }

  /** The sessions were ended: sockets holding their claims tokens close at once. */
  sessionsEnded(userId: string, sessionIds: string[]): void {
    if (sessionIds.length > 0) this.publish({ userId, sessionIds });
  }

  private publish(message: CredentialsRevokedMessage): void {
    const { userId } = message;
    try {
      this.nats.publish(this.nats.names.subjects.credentialsRevoked(userId), message);
    } catch (error) {
      this.logger.warn({ userId, err: error }, "revocation of the user's tokens not published");
    }
  }
}
