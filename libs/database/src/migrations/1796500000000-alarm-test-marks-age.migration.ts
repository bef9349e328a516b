import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alarms' test decisions are forgotten once no app can still be handling their alarm
 * (forgetAlarmTestMarks): an index on when each was taken, so that finding the old ones reads only them.
 */
export class AlarmTestMarksAge1796500000000 implements MigrationInterface {
  name = 'AlarmTestMarksAge1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX alarm_test_marks_decided_at_idx ON alarm_test_marks (decided_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX alarm_test_marks_decided_at_idx`);
  }
}
