import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a user's browsers show toasts for live events other than fire and fault (My Account).
 * Kept with the account, so that it follows the user to every browser; on until turned off.
 */
export class UserToastPreference1796300000000 implements MigrationInterface {
  name = 'UserToastPreference1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN other_event_toasts boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN other_event_toasts`);
  }
}
