import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log of panel commands, and at most one open time-desync notification per site. */
export class PanelCommandAudit1795300000000 implements MigrationInterface {
  name = 'PanelCommandAudit1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE panel_command_audit (
        id bigint GENERATED ALWAYS AS IDENTITY,
        user_id uuid NOT NULL,
        user_name text NOT NULL,
        hwaddr character(12) NOT NULL,
        network_id smallint NOT NULL,
        kind text NOT NULL,
        command jsonb NOT NULL,
        outcome text NOT NULL,
        reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT panel_command_audit_pkey PRIMARY KEY (id),
        CONSTRAINT panel_command_audit_outcome_check CHECK (outcome IN ('ok', 'refused', 'not-connected', 'timeout'))
      )`);
    await queryRunner.query(
      `CREATE INDEX panel_command_audit_hwaddr_created_at_idx ON panel_command_audit (hwaddr, created_at DESC)`,
    );
    // Raising a time-desync notification is then one INSERT … ON CONFLICT DO NOTHING, race-free.
    await queryRunner.query(
      `CREATE UNIQUE INDEX notifications_open_time_desync_key ON notifications (hwaddr) WHERE resolved_on IS NULL AND notification_type = 'TIME_DESYNC'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX notifications_open_time_desync_key`);
    await queryRunner.query(`DROP TABLE panel_command_audit`);
  }
}
