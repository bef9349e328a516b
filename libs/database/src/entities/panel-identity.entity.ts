import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import type { PanelIdentitySource } from './column-values.types';

/**
 * A provisioned panel: the public half of its Ed25519 device key. The private seed stays in the
 * panel; nothing stored here lets anyone prove to be the panel.
 */
@Entity({ name: 'panel_identities' })
@Check('panel_identities_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('panel_identities_public_key_check', `public_key ~ '^[0-9a-f]{64}$'`)
@Check('panel_identities_source_check', `source IN ('generated', 'imported')`)
export class PanelIdentityEntity {
  @PrimaryColumn({ name: 'hwaddr', type: 'char', length: 12, primaryKeyConstraintName: 'panel_identities_pkey' })
  hwaddr!: string;

  /** Ed25519 public key, 64 lowercase hex characters. */
  @Column({ name: 'public_key', type: 'char', length: 64 })
  publicKey!: string;

  @Column({ name: 'source', type: 'text' })
  source!: PanelIdentitySource;

  /** Free text for operators: the import file, a batch or work order. */
  @Column({ name: 'label', type: 'text', nullable: true })
  label!: string | null;

  @Column({ name: 'provisioned_at', type: 'timestamptz', default: () => 'now()' })
  provisionedAt!: Date;

  /** Set: the panel is refused until provisioned again. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
