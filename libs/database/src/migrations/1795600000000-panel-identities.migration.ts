import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The registry of provisioned panels: each panel's device public key, which the gateway checks. */
export class PanelIdentities1795600000000 implements MigrationInterface {
  name = 'PanelIdentities1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE panel_identities (
        hwaddr character(12) NOT NULL,
        public_key character(64) NOT NULL,
        source text NOT NULL,
        label text,
        provisioned_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        CONSTRAINT panel_identities_pkey PRIMARY KEY (hwaddr),
        CONSTRAINT panel_identities_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT panel_identities_public_key_check CHECK (public_key ~ '^[0-9a-f]{64}$'),
        CONSTRAINT panel_identities_source_check CHECK (source IN ('generated', 'imported'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE panel_identities`);
  }
}
