import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A mail delivery or relay run is marked as under way just before its effect (the SMTP send, the
 * board's pulse) and unmarked when the outcome is recorded. A start that finds the mark still set
 * follows a crash whose outcome is unknown: it acts again and counts a possible repeat.
 */
export class AlarmEffectRepeats1795900000000 implements MigrationInterface {
  name = 'AlarmEffectRepeats1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE mail_deliveries ADD COLUMN sending_since timestamptz NULL`);
    await queryRunner.query(`ALTER TABLE mail_deliveries ADD COLUMN possible_repeats integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE relay_action_runs ADD COLUMN driving_since timestamptz NULL`);
    await queryRunner.query(`ALTER TABLE relay_action_runs ADD COLUMN possible_repeats integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE relay_action_runs DROP COLUMN possible_repeats`);
    await queryRunner.query(`ALTER TABLE relay_action_runs DROP COLUMN driving_since`);
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP COLUMN possible_repeats`);
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP COLUMN sending_since`);
  }
}
