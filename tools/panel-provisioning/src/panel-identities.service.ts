import type { DataSource } from 'typeorm';
import { panelIdentitiesInsert, PanelIdentityEntity, type PanelIdentityRow } from '@app/database';
import { generateDeviceKeyPair } from '@app/panel-protocol';

export type ProvisionOutcome = { ok: true; secret: string } | { ok: false; reason: 'already-provisioned' };
export type ImportOutcome = { ok: true; imported: number } | { ok: false; alreadyProvisioned: string[] };
export type RevokeOutcome = 'revoked' | 'already-revoked' | 'not-provisioned';

/** The registry of provisioned panels as operators change it: provision, import, list, revoke. */
export class PanelIdentitiesService {
  constructor(private readonly dataSource: DataSource) {}

  /** A fresh key pair for the panel: the public key is stored, the secret only returned. */
  async provision(hwaddr: string, options: { replace: boolean; label?: string }): Promise<ProvisionOutcome> {
    const { secret, publicKey } = generateDeviceKeyPair();
    const { sql, params } = panelIdentitiesInsert([{ hwaddr, publicKey }], {
      source: 'generated',
      label: options.label,
      replace: options.replace,
    });
    const written: unknown[] = await this.dataSource.query(sql, params);
    return written.length === 1 ? { ok: true, secret } : { ok: false, reason: 'already-provisioned' };
  }

  /** All or nothing, in one transaction: a panel already provisioned (without `replace`) cancels the whole import. */
  async import(
    rows: readonly PanelIdentityRow[],
    options: { replace: boolean; label?: string },
  ): Promise<ImportOutcome> {
    return this.dataSource
      .transaction(async (manager): Promise<ImportOutcome> => {
        const { sql, params } = panelIdentitiesInsert(rows, {
          source: 'imported',
          label: options.label,
          replace: options.replace,
        });
        const written: { hwaddr: string }[] = await manager.query(sql, params);
        if (written.length === rows.length) return { ok: true, imported: written.length };
        const writtenSet = new Set(written.map((row) => row.hwaddr));
        // Throwing rolls the transaction back; the outcome travels in the error.
        throw new ImportRefused(rows.map((row) => row.hwaddr).filter((hwaddr) => !writtenSet.has(hwaddr)));
      })
      .catch((error: unknown): ImportOutcome => {
        if (error instanceof ImportRefused) return { ok: false, alreadyProvisioned: error.hwaddrs };
        throw error;
      });
  }

  list(): Promise<PanelIdentityEntity[]> {
    return this.dataSource.getRepository(PanelIdentityEntity).find({ order: { hwaddr: 'ASC' } });
  }

  /** The panel's next connection is refused (one already open keeps going until it reconnects). */
  async revoke(hwaddr: string): Promise<RevokeOutcome> {
    const rows: { revoked: boolean }[] = await this.dataSource.query(
      `WITH target AS (SELECT hwaddr, revoked_at FROM panel_identities WHERE hwaddr = $1 FOR UPDATE),
            changed AS (UPDATE panel_identities SET revoked_at = now() WHERE hwaddr = $1 AND revoked_at IS NULL RETURNING hwaddr)
       SELECT (SELECT count(*) FROM changed) = 1 AS revoked FROM target`,
      [hwaddr],
    );
    if (rows.length === 0) return 'not-provisioned';
    return rows[0].revoked ? 'revoked' : 'already-revoked';
  }
}

class ImportRefused extends Error {
  constructor(readonly hwaddrs: string[]) {
    super(`already provisioned: ${hwaddrs.join(', ')}`);
  }
}
