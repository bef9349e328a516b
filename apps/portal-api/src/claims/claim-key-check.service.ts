import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { PanelConnectionMessage } from '@app/contracts';
import { verifyKeyProof } from '@app/panel-protocol';
import { LivePublisher } from '@app/messaging';
import { PanelCommandClient } from '../panels/panel-command.client';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { ClaimsRepository } from './claims.repository';
import { WrongKeyLimits } from './wrong-key-limits.service';

/**
 * When a claim's immediate check could not reach the panel although it was reported connected (its
 * gateway still reconnecting to NATS, a command timing out), it is tried again after these delays
 * while claims stay WAITING, instead of waiting for the panel's next connection, which may be days.
 */
export const KEY_CHECK_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

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
export class ClaimKeyCheck implements OnModuleDestroy {
  private readonly logger = new Logger(ClaimKeyCheck.name);
  /** Panels with a retry of the immediate check pending on this copy: one chain of retries each. */
  private readonly retries = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly claims: ClaimsRepository,
    private readonly commands: PanelCommandClient,
    private readonly state: PanelConnectionState,
    private readonly livefeed: LivePublisher,
    private readonly limits: WrongKeyLimits,
  ) {}

  /** At a panel's connection: against the proof it gave the gateway's challenge. */
  async onConnection(connection: PanelConnectionMessage): Promise<void> {
    if (!connection.connected || !connection.keyProof) return;
    const { nonce, proof } = connection.keyProof;
    await this.settleWaiting(connection.hwaddr, async (key) => verifyKeyProof(key, nonce, proof));
  }

  /**
   * The panel's connection as the gateway last reported it, read before a claim is stored: throws an
   * unavailable error while NATS (and so the live state) is away.
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
    const { limited, unreachable } = await this.challenge(hwaddr, connection);
    if (unreachable) this.retryLater(hwaddr, 0);
    return limited;
  }

  /** A fresh challenge through the gateway; `unreachable` when the panel could not be asked. */
  private async challenge(
    hwaddr: string,
    connection: PanelConnectionMessage,
  ): Promise<{ limited: LimitedClaims; unreachable: boolean }> {
    // The key is the panel's, not a network's: any network of the panel carries the challenge.
    const networkId = connection.networkIds[0] ?? 1;
    let unreachable = false;
    const limited = await this.settleWaiting(hwaddr, async (key) => {
      const result = await this.commands.send(hwaddr, networkId, { kind: 'keyProof', key });
      if (result.outcome === 'ok' && typeof result.keyMatches === 'boolean') return result.keyMatches;
      this.logger.debug({ hwaddr, networkId, outcome: result.outcome }, 'key not checked now');
      unreachable ||= result.outcome === 'not-connected' || result.outcome === 'timeout';
      return undefined;
    });
    return { limited, unreachable };
  }

  onModuleDestroy(): void {
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
  }

  private retryLater(hwaddr: string, attempt: number): void {
    if (this.retries.has(hwaddr) && attempt === 0) return;
    const delay = KEY_CHECK_RETRY_DELAYS_MS[attempt];
    if (delay === undefined) {
      this.retries.delete(hwaddr);
      this.logger.warn({ hwaddr }, "key still not checked; it will be at the panel's next connection");
      return;
    }
    const timer = setTimeout(() => void this.retry(hwaddr, attempt), delay);
    timer.unref();
    this.retries.set(hwaddr, timer);
  }

  private async retry(hwaddr: string, attempt: number): Promise<void> {
    try {
      if ((await this.claims.waitingOn(hwaddr)).length === 0) {
        this.retries.delete(hwaddr);
        return;
      }
      const connection = await this.state.connection(hwaddr);
      // Shown away for now (its gateway's sign of life lapsed while it could not be reached): the panel
      // often is still there and its gateway back within moments, with no new connection to carry a proof.
      if (!connection?.connected) {
        this.retryLater(hwaddr, attempt + 1);
        return;
      }
      const { unreachable } = await this.challenge(hwaddr, connection);
      if (unreachable) this.retryLater(hwaddr, attempt + 1);
      else this.retries.delete(hwaddr);
    } catch (error) {
      // The live state or the database away: the same bounded chain goes on.
      this.logger.warn({ hwaddr, attempt, err: error }, 'key not checked');
      this.retryLater(hwaddr, attempt + 1);
    }
  }

  private async settleWaiting(
    hwaddr: string,
    keyMatches: (key: string) => Promise<boolean | undefined>,
  ): Promise<LimitedClaims> {
    const waiting = await this.claims.waitingOn(hwaddr);
    const byKey = new Map<string, typeof waiting>();
    for (const claim of waiting)
      if (claim.adminKey !== null) byKey.set(claim.adminKey, [...(byKey.get(claim.adminKey) ?? []), claim]);
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
        this.logger.warn({ hwaddr, err: error }, 'key not checked');
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
