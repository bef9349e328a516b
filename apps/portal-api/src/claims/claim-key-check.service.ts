import { Injectable, Logger } from '@nestjs/common';
import type { PanelConnectionMessage } from '@app/contracts';
import { verifyKeyProof } from '@app/panel-protocol';
import { LivefeedPublisher } from '../livefeed/livefeed-publisher.service';
import { PanelCommandClient } from '../panels/panel-command.client';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { ClaimsRepository } from './claims.repository';
import { WrongKeyLimits } from './wrong-key-limits.service';

/** Claims a key check left WAITING because a wrong-key limit was reached: claim id -> seconds to wait. */
export type LimitedClaims = ReadonlyMap<string, number>;

/**
 * Settles WAITING claims: AUTHED when the panel proves the claimed admin key, UNAUTHORISED when
 * it proves another. The key never leaves the portal: the panel answers a challenge with an HMAC
 * of it. Each check of a claim's key counts against the wrong-key limits first; a claim beyond them
 * stays WAITING, so that keys gathered while the panel was away are not all checked at its return.
 * Each user whose claim changed gets AUTH_CHK on their live sockets.
 */
@Injectable()
export class ClaimKeyCheck {
  private readonly logger = new Logger(ClaimKeyCheck.name);

  constructor(
    private readonly claims: ClaimsRepository,
    private readonly commands: PanelCommandClient,
    private readonly state: PanelConnectionState,
    private readonly livefeed: LivefeedPublisher,
    private readonly limits: WrongKeyLimits,
  ) {}

  /** At a panel's connection: against the proof it gave the gateway's challenge. */
  async onConnection(connection: PanelConnectionMessage): Promise<void> {
    if (!connection.connected || !connection.keyProof) return;
    const { nonce, proof } = connection.keyProof;
    await this.settleWaiting(connection.hwaddr, async (key) => verifyKeyProof(key, nonce, proof));
  }

  /**
   * The panel's connection as the gateway last reported it, read before a claim is stored: throws
   * ServiceUnavailableException while NATS (and so the live state) is away.
   */
  panelConnection(hwaddr: string): Promise<PanelConnectionMessage | null> {
    return this.state.connection(hwaddr);
  }

  /**
   * Right after a claim is made or re-keyed: a fresh challenge through the gateway, if the panel is
   * there (`connection`, read with panelConnection before the claim was stored).
   */
  async checkNow(hwaddr: string, connection: PanelConnectionMessage | null): Promise<LimitedClaims> {
    if (!connection?.connected) return new Map();
    // The key is the panel's, not a network's: any network of the panel carries the challenge.
    const networkId = connection.networkIds[0] ?? 1;
    return this.settleWaiting(hwaddr, async (key) => {
      const result = await this.commands.send(hwaddr, networkId, { kind: 'keyProof', key });
      if (result.outcome === 'ok' && typeof result.keyMatches === 'boolean') return result.keyMatches;
      this.logger.debug(`key of ${hwaddr} not checked now (${result.outcome}); it will be at the next connection`);
      return undefined;
    });
  }

  private async settleWaiting(
    hwaddr: string,
    keyMatches: (key: string) => Promise<boolean | undefined>,
  ): Promise<LimitedClaims> {
    const waiting = await this.claims.waitingOn(hwaddr);
    const byKey = new Map<string, typeof waiting>();
    for (const claim of waiting) byKey.set(claim.adminKey, [...(byKey.get(claim.adminKey) ?? []), claim]);
    const limited = new Map<string, number>();
    const changedUsers = new Set<string>();
    for (const [key, claims] of byKey) {
      const reserved: Array<{ id: string; release: () => Promise<void> }> = [];
      for (const claim of claims) {
        const reservation = await this.limits.reserve(claim.userId, hwaddr);
        if (!reservation) continue;
        if (reservation.allowed) reserved.push({ id: claim.id, release: reservation.release });
        else limited.set(claim.id, reservation.retryAfterSeconds);
      }
      if (reserved.length === 0) continue;
      const matches = await keyMatches(key).catch((error: unknown) => {
        this.logger.warn(`key of ${hwaddr} not checked: ${String(error)}`);
        return undefined;
      });
      // Only a wrong key spends the allowance.
      if (matches !== false) await Promise.all(reserved.map((claim) => claim.release()));
      if (matches === undefined) continue;
      const settled = await this.claims.settle(
        reserved.map((claim) => claim.id),
        key,
        matches ? 'AUTHED' : 'UNAUTHORISED',
      );
      for (const changed of settled) changedUsers.add(changed.userId);
    }
    for (const userId of changedUsers) this.livefeed.toUser(userId, { type: 'AUTH_CHK', data: {} });
    return limited;
  }
}
