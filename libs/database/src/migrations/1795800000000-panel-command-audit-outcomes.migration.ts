import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A command's audit row is written before the command leaves ('pending'), then settled; portal-api's
 * own refusals ('rejected') and sending failures ('failed') are recorded too.
 */
export class PanelCommandAuditOutcomes1795800000000 implements MigrationInterface {
  name = 'PanelCommandAuditOutcomes1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE panel_command_audit DROP CONSTRAINT panel_command_audit_outcome_check`);
    await queryRunner.query(
      `ALTER TABLE panel_command_audit ADD CONSTRAINT panel_command_audit_outcome_check CHECK (outcome IN ('pending', 'ok', 'refused', 'rejected', 'not-connected', 'timeout', 'failed'))`,
    );
    await queryRunner.query(`ALTER TABLE panel_command_audit ADD COLUMN settled_at timestamptz NULL`);
    await queryRunner.query(`UPDATE panel_command_audit SET settled_at = created_at`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE panel_command_audit DROP COLUMN settled_at`);
    await queryRunner.query(`ALTER TABLE panel_command_audit DROP CONSTRAINT panel_command_audit_outcome_check`);
    await queryRunner.query(
      `UPDATE panel_command_audit SET outcome = 'refused' WHERE outcome NOT IN ('ok', 'refused', 'not-connected', 'timeout')`,
    );
    await queryRunner.query(
      `ALTER TABLE panel_command_audit ADD CONSTRAINT panel_command_audit_outcome_check CHECK (outcome IN ('ok', 'refused', 'not-connected', 'timeout'))`,
    );
  }
}
