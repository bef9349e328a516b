import type { PanelIdentitySource } from '../entities/column-values.types';

export interface PanelIdentityRow {
  hwaddr: string;
  /** Ed25519 public key, 64 lowercase hex characters. */
  publicKey: string;
}

export interface PanelIdentitiesInsertOptions {
  source: PanelIdentitySource;
  label?: string | null;
  /** Give an already provisioned panel this key (and lift a revocation); otherwise it is left alone. */
  replace: boolean;
}

/**
 * One statement for any number of panels (`unnest` of two arrays), so that a manufacturer's list or
 * a bench fleet of thousands is one round trip. Returns the hwaddrs it wrote: without `replace`,
 * a panel already in the registry is not among them. Runs on a DataSource, an EntityManager or a pg
 * client alike (`query(sql, params)`).
 */
export function panelIdentitiesInsert(
  rows: readonly PanelIdentityRow[],
  options: PanelIdentitiesInsertOptions,
): { sql: string; params: unknown[] } {
  const conflict = options.replace
    ? `ON CONFLICT (hwaddr) DO UPDATE SET public_key = EXCLUDED.public_key, source = EXCLUDED.source, label = EXCLUDED.label,
         provisioned_at = now(), revoked_at = NULL`
    : 'ON CONFLICT (hwaddr) DO NOTHING';
  return {
    sql: `INSERT INTO panel_identities (hwaddr, public_key, source, label)
          SELECT hwaddr, public_key, $3, $4 FROM unnest($1::text[], $2::text[]) AS given (hwaddr, public_key)
          ${conflict}
          RETURNING hwaddr`,
    params: [rows.map((row) => row.hwaddr), rows.map((row) => row.publicKey), options.source, options.label ?? null],
  };
}
