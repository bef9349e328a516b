import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Pushes of a panel's communication lost or back (docs/push.md): each names its outage and which change. */
export class OutagePushes1797200000000 implements MigrationInterface {
  name = 'OutagePushes1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE push_deliveries ADD COLUMN outage_id bigint, ADD COLUMN outage_change text`);
    await queryRunner.query(`ALTER TABLE push_deliveries DROP CONSTRAINT push_deliveries_about_check`);
    await queryRunner.query(`
      ALTER TABLE push_deliveries
        ADD CONSTRAINT push_deliveries_about_check CHECK (
          event_seq IS NOT NULL
          OR (alarm_id IS NOT NULL AND escalation_step IS NOT NULL)
          OR (outage_id IS NOT NULL AND outage_change IS NOT NULL)),
        ADD CONSTRAINT push_deliveries_outage_change_check CHECK (outage_change IN ('lost', 'restored'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM push_deliveries WHERE outage_id IS NOT NULL AND event_seq IS NULL AND escalation_step IS NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE push_deliveries
        DROP CONSTRAINT push_deliveries_outage_change_check,
        DROP CONSTRAINT push_deliveries_about_check`);
    await queryRunner.query(`
      ALTER TABLE push_deliveries
        ADD CONSTRAINT push_deliveries_about_check CHECK (event_seq IS NOT NULL OR (alarm_id IS NOT NULL AND escalation_step IS NOT NULL)),
        DROP COLUMN outage_change,
        DROP COLUMN outage_id`);
  }
}
