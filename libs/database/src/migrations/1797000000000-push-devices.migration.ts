import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerts on the phone (docs/push.md). push_devices: each browser a user turned push on for, by its
 * push subscription (one endpoint is one device, whoever registered it last); removed with the
 * user, or when its push service answers 404 or 410. push_deliveries: each push owed to a device,
 * about an event (recorded before the alarm is acked, as mail deliveries are) or an escalation step
 * of an alarm, by job id; a log, so it keeps no foreign key on the device or user.
 */
export class PushDevices1797000000000 implements MigrationInterface {
  name = 'PushDevices1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE push_devices (
        id bigint GENERATED ALWAYS AS IDENTITY,
        user_id uuid NOT NULL,
        endpoint text NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_push_at timestamptz NULL,
        CONSTRAINT push_devices_pkey PRIMARY KEY (id),
        CONSTRAINT push_devices_endpoint_key UNIQUE (endpoint),
        CONSTRAINT push_devices_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX push_devices_user_id_idx ON push_devices (user_id)`);
    await queryRunner.query(`
      CREATE TABLE push_deliveries (
        id bigint GENERATED ALWAYS AS IDENTITY,
        job_id text NOT NULL,
        device_id bigint NOT NULL,
        device_name text NOT NULL,
        user_id uuid NOT NULL,
        hwaddr character(12) NOT NULL,
        event_seq bigint NULL,
        alarm_id bigint NULL,
        escalation_step integer NULL,
        status text NOT NULL DEFAULT 'queued',
        error text NULL,
        attempts integer NOT NULL DEFAULT 0,
        sending_since timestamptz NULL,
        possible_repeats integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz NULL,
        CONSTRAINT push_deliveries_pkey PRIMARY KEY (id),
        CONSTRAINT push_deliveries_job_id_key UNIQUE (job_id),
        CONSTRAINT push_deliveries_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT push_deliveries_status_check CHECK (status IN ('queued', 'sent', 'failed', 'suppressed')),
        CONSTRAINT push_deliveries_attempts_check CHECK (attempts >= 0),
        CONSTRAINT push_deliveries_about_check CHECK (event_seq IS NOT NULL OR (alarm_id IS NOT NULL AND escalation_step IS NOT NULL))
      )`);
    // The sweep's: the deliveries still open.
    await queryRunner.query(
      `CREATE INDEX push_deliveries_queued_created_at_idx ON push_deliveries (created_at) WHERE status = 'queued'`,
    );
    // The alarm's timeline: an event's pushes.
    await queryRunner.query(`CREATE INDEX push_deliveries_event_idx ON push_deliveries (hwaddr, event_seq)`);
    await queryRunner.query(
      `CREATE INDEX push_deliveries_alarm_id_idx ON push_deliveries (alarm_id) WHERE alarm_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE push_deliveries`);
    await queryRunner.query(`DROP TABLE push_devices`);
  }
}
