import { Injectable, Logger } from '@nestjs/common';
import { NatsService } from '@app/messaging';
import type { GrantChange } from '../site-grants/site-grants.repository';
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

  /**
   * A change of access to sites was committed (docs/access.md, "Teams"): each user's sockets stop
   * hearing the sites lost at once and fetch a new claims token and their sites (AUTH_CHK), so a site
   * gained shows up and a lowered role disables its controls. `alsoTell`: users whose access did not
   * change but whose pages show it (a member joining or leaving). HTTP calls need no message: each
   * reads the role stored now.
   */
  accessChanged(changes: readonly GrantChange[], alsoTell: readonly string[] = []): void {
    const lostBy = new Map<string, string[]>(alsoTell.map((userId) => [userId, []]));
    for (const { userId, hwaddr, change } of changes) {
      const lost = lostBy.get(userId) ?? [];
      if (change === 'lost') lost.push(hwaddr);
      lostBy.set(userId, lost);
    }
    for (const [userId, lostPanels] of lostBy) this.publish({ userId, accessChanged: true, lostPanels });
  }

  private publish(message: CredentialsRevokedMessage): void {
    const { userId } = message;
    try {
      this.nats.publish(this.nats.names.subjects.credentialsRevoked(userId), message);
    } catch (error) {
      // HTTP calls check the account anyway; the socket is held to it at its next token, within a claims lifetime.
      this.logger.warn({ userId, err: error }, 'revocation or change of access not published');
    }
  }
}
