import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Orders a network's configuration snapshots, so that a late one never replaces a newer one. */
export class PanelNetworkConfigSeq1795400000000 implements MigrationInterface {
  name = 'PanelNetworkConfigSeq1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE panel_networks ADD COLUMN config_seq bigint NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE panel_networks DROP COLUMN config_seq`);
  }
}
