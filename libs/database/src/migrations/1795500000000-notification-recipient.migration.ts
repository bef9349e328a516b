import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A notification may be for one user of the site only (a relay's owner), not for all of them. */
export class NotificationRecipient1795500000000 implements MigrationInterface {
  name = 'NotificationRecipient1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications ADD COLUMN user_id uuid NULL`);
    await queryRunner.query(
      `ALTER TABLE notifications ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_user_id_fkey`);
    await queryRunner.query(`ALTER TABLE notifications DROP COLUMN user_id`);
  }
}
