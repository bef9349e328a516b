import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A relay run's failed attempt whose effect on the board is unknown (no reply, a connection closed
 * mid-exchange, a lost hold): the attempt that follows drives again and counts a possible repeat,
 * as one that follows a crash does.
 */
export class RelayRunUnknownOutcome1796600000000 implements MigrationInterface {
  name = 'RelayRunUnknownOutcome1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE relay_action_runs ADD COLUMN last_outcome_unknown boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE relay_action_runs DROP COLUMN last_outcome_unknown`);
  }
}
