import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A command's audit row names its correlation id: the one its request, its NATS message, the
 * gateway and the panel's answer carry, so that the logs of a command on record can be found.
 * Rows written before have none.
 */
export class PanelCommandAuditCorrelation1796200000000 implements MigrationInterface {
  name = 'PanelCommandAuditCorrelation1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE panel_command_audit ADD COLUMN correlation_id text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE panel_command_audit DROP COLUMN correlation_id`);
  }
}
