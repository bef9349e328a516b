import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Escalation (docs/alarms.md): each delayed step of an alarm's policy is owed once per alarm,
 * recorded when the alarm opens (in the statement that opens it, from the site's policy or the
 * default), so that a crash or a Redis loss neither loses nor repeats one. A step's e-mails are mail deliveries of kind 'alarm-escalation',
 * which name the alarm and the step. Alert mails are found by their event, for the alarm's timeline.
 */
export class AlarmEscalations1796900000000 implements MigrationInterface {
  name = 'AlarmEscalations1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE alarm_escalations (
        id bigint GENERATED ALWAYS AS IDENTITY,
        alarm_id bigint NOT NULL,
        hwaddr character(12) NOT NULL,
        step integer NOT NULL,
        audience text NOT NULL,
        after_minutes integer NOT NULL,
        due_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'owed',
        reason text NULL,
        recipients integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz NULL,
        CONSTRAINT alarm_escalations_pkey PRIMARY KEY (id),
        CONSTRAINT alarm_escalations_alarm_id_fkey FOREIGN KEY (alarm_id) REFERENCES alarms (id) ON DELETE CASCADE,
        CONSTRAINT alarm_escalations_alarm_step_key UNIQUE (alarm_id, step),
        CONSTRAINT alarm_escalations_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT alarm_escalations_audience_check CHECK (audience IN ('opted-in', 'everyone')),
        CONSTRAINT alarm_escalations_status_check CHECK (status IN ('owed', 'sent', 'stopped', 'failed')),
        CONSTRAINT alarm_escalations_step_check CHECK (step >= 1)
      )`);
    // The sweep's and the acknowledgement's: the steps still owed.
    await queryRunner.query(
      `CREATE INDEX alarm_escalations_owed_due_at_idx ON alarm_escalations (due_at) WHERE status = 'owed'`,
    );

    // A site's own later steps; a site without a row follows the default policy.
    await queryRunner.query(`
      CREATE TABLE site_escalation_policies (
        hwaddr character(12) NOT NULL,
        steps jsonb NOT NULL,
        updated_by uuid NULL,
        updated_by_name text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT site_escalation_policies_pkey PRIMARY KEY (hwaddr),
        CONSTRAINT site_escalation_policies_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT site_escalation_policies_steps_check CHECK (jsonb_typeof(steps) = 'array')
      )`);

    await queryRunner.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check`);
    await queryRunner.query(
      `ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check CHECK (kind IN ('event-alert', 'password-reset', 'panel-offline', 'panel-online', 'alarm-escalation'))`,
    );
    // A log: the alarm may go, the record of the mail stays.
    await queryRunner.query(`ALTER TABLE mail_deliveries ADD COLUMN alarm_id bigint NULL`);
    await queryRunner.query(`ALTER TABLE mail_deliveries ADD COLUMN escalation_step integer NULL`);
    await queryRunner.query(
      `CREATE INDEX mail_deliveries_alarm_id_idx ON mail_deliveries (alarm_id) WHERE alarm_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX mail_deliveries_event_idx ON mail_deliveries (hwaddr, event_seq) WHERE event_seq IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX mail_deliveries_event_idx`);
    await queryRunner.query(`DROP INDEX mail_deliveries_alarm_id_idx`);
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP COLUMN escalation_step`);
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP COLUMN alarm_id`);
    await queryRunner.query(`DELETE FROM mail_deliveries WHERE kind = 'alarm-escalation'`);
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check`);
    await queryRunner.query(
      `ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check CHECK (kind IN ('event-alert', 'password-reset', 'panel-offline', 'panel-online'))`,
    );
    await queryRunner.query(`DROP TABLE site_escalation_policies`);
    await queryRunner.query(`DROP TABLE alarm_escalations`);
  }
}
