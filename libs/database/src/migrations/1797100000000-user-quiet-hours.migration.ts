import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users' quiet hours (docs/alarms.md): a daily span in their time zone without fault and communication alerts. */
export class UserQuietHours1797100000000 implements MigrationInterface {
  name = 'UserQuietHours1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_quiet_hours (
        user_id uuid NOT NULL,
        starts time NOT NULL,
        ends time NOT NULL,
        time_zone text NOT NULL,
        CONSTRAINT user_quiet_hours_pkey PRIMARY KEY (user_id),
        CONSTRAINT user_quiet_hours_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT user_quiet_hours_span_check CHECK (starts <> ends)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE user_quiet_hours`);
  }
}
