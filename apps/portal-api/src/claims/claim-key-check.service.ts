import { Injectable, Logger } from '@nestjs/common';
import type { PanelConnectionMessage } from '@app/contracts';
import { verifyKeyProof } from '@app/panel-protocol';
import { LivefeedPublisher } from '../livefeed/livefeed-publisher.service';
import { PanelCommandClient } from '../panels/panel-command.client';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { ClaimsRepository } from './claims.repository';

/**
 * Settles WAITING claims: AUTHED when the panel proves the claimed admin key, UNAUTHORISED when
 * it proves another. The key never leaves the portal: the panel answers a challenge with an HMAC
 * of it. Each user whose claim changed gets AUTH_CHK on their live sockets.
 */
@Injectable()
export class ClaimKeyCheck {
  private readonly logger = new Logger(ClaimKeyCheck.name);

  constructor(
    private readonly claims: ClaimsRepository,
    private readonly commands: PanelCommandClient,
    private readonly state: PanelConnectionState,
    private readonly livefeed: LivefeedPublisher,
  ) {}

  /** At a panel's connection: against the proof it gave the gateway's challenge. */
  async onConnection(connection: PanelConnectionMessage): Promise<void> {
    if (!connection.connected || !connection.keyProof) return;
    const { nonce, proof } = connection.keyProof;
    await this.settleWaiting(connection.hwaddr, async (key) => verifyKeyProof(key, nonce, proof));
  }

  /** Right after a claim is made or re-keyed: a fresh challenge through the gateway, if the panel is there. */
  async checkNow(hwaddr: string): Promise<void> {
    const connection = await this.state.connection(hwaddr);
    if (!connection?.connected) return;
    // The key is the panel's, not a network's: any network of the panel carries the challenge.
    const networkId = connection.networkIds[0] ?? 1;
    await this.settleWaiting(hwaddr, async (key) => {
      const result = await this.commands.send(hwaddr, networkId, { kind: 'keyProof', key });
      if (result.outcome === 'ok' && typeof result.keyMatches === 'boolean') return result.keyMatches;
      this.logger.debug(`key of ${hwaddr} not checked now (${result.outcome}); it will be at the next connection`);
      return undefined;
    });
  }

  private async settleWaiting(hwaddr: string, keyMatches: (key: string) => Promise<boolean | undefined>): Promise<void> {
    const waiting = await this.claims.waitingOn(hwaddr);
    const byKey = new Map<string, string[]>();
    for (const claim of waiting) byKey.set(claim.adminKey, [...(byKey.get(claim.adminKey) ?? []), claim.id]);
    const changedUsers = new Set<string>();
    for (const [key, ids] of byKey) {
      const matches = await keyMatches(key);
      if (matches === undefined) continue;
      for (const changed of await this.claims.settle(ids, matches ? 'AUTHED' : 'UNAUTHORISED')) changedUsers.add(changed.userId);
    }
    for (const userId of changedUsers) this.livefeed.toUser(userId, { type: 'AUTH_CHK', data: {} });
  }
}
