import { Injectable, Logger } from '@nestjs/common';
import { NatsService } from '@app/messaging';
import type { CredentialsRevokedMessage } from '../auth/credentials-revoked.types';
import type { GrantChange } from './site-grants.repository';

/**
 * Tells every portal-api copy, once a change to access is committed, whose access changed: each
 * copy stops sending the sites lost to those users' sockets at once and asks their browsers to
 * fetch a new claims token and their sites (AUTH_CHK), so a site gained shows up and a role lowered
 * disables its controls. HTTP calls need no message: each one reads the role stored now.
 */
@Injectable()
export class AccessChanges {
  private readonly logger = new Logger(AccessChanges.name);

  constructor(private readonly nats: NatsService) {}

  /** `alsoTell`: users whose access did not change but whose pages show it (a company's members). */
  published(changes: readonly GrantChange[], alsoTell: readonly string[] = []): void {
    const byUser = new Map<string, string[]>();
    for (const userId of alsoTell) byUser.set(userId, []);
    for (const { userId, hwaddr, change } of changes) {
      const lost = byUser.get(userId) ?? [];
      if (change === 'lost') lost.push(hwaddr);
      byUser.set(userId, lost);
    }
    for (const [userId, lostPanels] of byUser) this.publish({ userId, accessChanged: true, lostPanels });
  }

  private publish(message: CredentialsRevokedMessage): void {
    try {
      this.nats.publish(this.nats.names.subjects.credentialsRevoked(message.userId), message);
    } catch (error) {
      // The sites are refused by every HTTP call at once anyway; the socket drops them at its next token.
      this.logger.warn({ userId: message.userId, err: error }, 'change of access not published');
    }
  }
}
