import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { verifyDeviceProof } from '@app/panel-protocol';
import { withTimeout } from '@app/platform';
import { PANEL_LISTENER_CONFIG } from '../panel-gateway.constants';
import type { PanelListenerConfig } from '../panel-gateway.config';

/** Why a device proof was refused (the metric's label); the panel is told only that it was. */
export type DeviceRefusal = 'unknown-panel' | 'revoked' | 'bad-signature' | 'registry-unavailable';
export type DeviceAuthOutcome = { ok: true } | { ok: false; reason: DeviceRefusal };

type Lookup = { found: true; publicKey: string; revoked: boolean } | { found: false };

/** Most hwaddrs asked for in one query; a reconnect storm is a few queries, not thousands. */
const LOOKUP_BATCH_MAX = 1000;
/** Longest wait for the registry before falling back to the keys verified earlier. */
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * The provisioned panels' public keys, read from the `panel_identities` table, and the check of a
 * panel's device proof against them.
 *
 * Lookups that arrive together (every panel of a restarted gateway reconnecting) share one query.
 *
 * Trade-off: keys that proved a connection are kept in memory, and used only when the database does
 * not answer. A known panel then still reconnects during a short database outage, while an unknown
 * one is refused. The price: a key revoked or replaced during the outage keeps working until the
 * database answers again; every lookup asks the database first, so from then on the registry's
 * answer wins (and a revoked, replaced or removed key leaves the cache).
 */
@Injectable()
export class PanelIdentityRegistry {
  private readonly logger = new Logger(PanelIdentityRegistry.name);
  private readonly verifiedKeys = new Map<string, string>();
  private pending = new Map<string, { resolve: (lookup: Lookup) => void; reject: (error: unknown) => void }[]>();
  private flushScheduled = false;
  private readonly timeoutMs: number;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PANEL_LISTENER_CONFIG) config: PanelListenerConfig,
  ) {
    // Within the handshake timeout, so that the cache can still answer before the panel is dropped.
    this.timeoutMs = Math.min(LOOKUP_TIMEOUT_MS, Math.floor(config.handshakeTimeoutMs / 2));
  }

  /** Checks the panel's signature over its nonce against the key the registry holds for it. */
  async authenticate(hwaddr: string, nonce: string, signature: string): Promise<DeviceAuthOutcome> {
    let lookup: Lookup;
    try {
      lookup = await withTimeout(this.lookup(hwaddr), this.timeoutMs, `no answer within ${this.timeoutMs} ms`);
    } catch (error) {
      const cached = this.verifiedKeys.get(hwaddr);
      if (cached && verifyDeviceProof(cached, hwaddr, nonce, signature)) {
        this.logger.warn(
          { hwaddr, err: error },
          'panel identity registry unavailable; panel accepted on the key it proved before',
        );
        return { ok: true };
      }
      this.logger.warn({ hwaddr, err: error }, 'panel identity registry unavailable');
      return { ok: false, reason: 'registry-unavailable' };
    }
    if (!lookup.found || lookup.revoked) {
      this.verifiedKeys.delete(hwaddr);
      return { ok: false, reason: lookup.found ? 'revoked' : 'unknown-panel' };
    }
    if (!verifyDeviceProof(lookup.publicKey, hwaddr, nonce, signature)) {
      // The registry's key is the one that counts: an older cached key must not outlive it.
      if (this.verifiedKeys.get(hwaddr) !== lookup.publicKey) this.verifiedKeys.delete(hwaddr);
      return { ok: false, reason: 'bad-signature' };
    }
    this.verifiedKeys.set(hwaddr, lookup.publicKey);
    return { ok: true };
  }

  private lookup(hwaddr: string): Promise<Lookup> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(hwaddr);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(hwaddr, [{ resolve, reject }]);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    const hwaddrs = [...batch.keys()];
    for (let start = 0; start < hwaddrs.length; start += LOOKUP_BATCH_MAX) {
      const slice = hwaddrs.slice(start, start + LOOKUP_BATCH_MAX);
      void this.query(slice).then(
        (rows) => {
          for (const hwaddr of slice) {
            const row = rows.get(hwaddr);
            const lookup: Lookup = row
              ? { found: true, publicKey: row.public_key, revoked: row.revoked }
              : { found: false };
            for (const waiter of batch.get(hwaddr)!) waiter.resolve(lookup);
          }
        },
        (error: unknown) => {
          for (const hwaddr of slice) for (const waiter of batch.get(hwaddr)!) waiter.reject(error);
        },
      );
    }
  }

  private async query(hwaddrs: string[]): Promise<Map<string, { public_key: string; revoked: boolean }>> {
    const rows: { hwaddr: string; public_key: string; revoked: boolean }[] = await this.dataSource.query(
      `SELECT hwaddr, public_key, revoked_at IS NOT NULL AS revoked FROM panel_identities WHERE hwaddr = ANY($1::char(12)[])`,
      [hwaddrs],
    );
    return new Map(rows.map((row) => [row.hwaddr, row]));
  }
}
