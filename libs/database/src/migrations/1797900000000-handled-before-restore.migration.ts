import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each record of an alarm's reaction: its table, its status column and the values it took before. */
const RECORDS = [
  { table: 'relay_action_runs', column: 'status', before: ['pending', 'succeeded', 'failed', 'suppressed'] },
  { table: 'mail_deliveries', column: 'status', before: ['queued', 'sent', 'failed', 'suppressed'] },
  { table: 'push_deliveries', column: 'status', before: ['queued', 'sent', 'failed', 'suppressed'] },
  {
    table: 'webhook_deliveries',
    column: 'state',
    before: ['owed', 'sending', 'retrying', 'delivered', 'failed', 'suppressed', 'cancelled'],
  },
  { table: 'alarm_escalations', column: 'status', before: ['owed', 'sent', 'stopped', 'failed'] },
] as const;

const HANDLED = 'handled-before-restore';

/**
 * An alarm's reactions may be recorded 'handled-before-restore' (docs/backup-restore.md): after a
 * database restore, the replay of the events acked to panels after the restore point stores each
 * again and records what its alarm owed as handled then by the relay-worker and the mailer (their
 * records were lost with the data), rather than performing it a second time, and rather than
 * 'suppressed', which says nothing was done.
 */
export class HandledBeforeRestore1797900000000 implements MigrationInterface {
  name = 'HandledBeforeRestore1797900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, column, before } of RECORDS) await allow(queryRunner, table, column, [...before, HANDLED]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // A step stays on the alarm's timeline as stopped; the deliveries and runs go, as test mode's did.
    await queryRunner.query(
      `UPDATE alarm_escalations SET status = 'stopped', done_at = coalesce(done_at, now()) WHERE status = $1`,
      [HANDLED],
    );
    for (const { table, column, before } of RECORDS) {
      if (table !== 'alarm_escalations')
        await queryRunner.query(`DELETE FROM ${table} WHERE ${column} = $1`, [HANDLED]);
      await allow(queryRunner, table, column, before);
    }
  }
}

async function allow(
  queryRunner: QueryRunner,
  table: string,
  column: string,
  values: readonly string[],
): Promise<void> {
  await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_check`);
  await queryRunner.query(
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_check CHECK (${column} IN (${values.map((value) => `'${value}'`).join(', ')}))`,
  );
}
