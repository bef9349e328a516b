import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test mode (docs/test-mode.md). site_test_modes keeps every test mode of a site, the active one
 * (not ended) at most one per site, the ended ones for the record. An alarm's test decision is taken
 * once, by whichever of portal-api, the relay-worker and the mailer handles the event first, and
 * kept in alarm_test_marks, so that the three agree on it (stored as test, relay runs and mails
 * suppressed) whatever the order in which they see the event and the test mode's start or end.
 * Events carry their mark; relay runs and mail deliveries may be 'suppressed'. The command audit
 * log's rows may have no user: a test mode that ended by itself is the system's doing.
 */
export class SiteTestModes1796400000000 implements MigrationInterface {
  name = 'SiteTestModes1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A log: it outlives its users, hence user ids as given (no foreign keys) and their names kept.
    await queryRunner.query(`
      CREATE TABLE site_test_modes (
        id bigint GENERATED ALWAYS AS IDENTITY,
        hwaddr character(12) NOT NULL,
        started_by uuid NULL,
        started_by_name text NOT NULL,
        started_at timestamptz NOT NULL,
        until timestamptz NOT NULL,
        reason text NOT NULL,
        ended_at timestamptz NULL,
        ended_by uuid NULL,
        ended_by_name text NULL,
        CONSTRAINT site_test_modes_pkey PRIMARY KEY (id),
        CONSTRAINT site_test_modes_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT site_test_modes_until_check CHECK (until > started_at)
      )`);
    // One active test mode per site, whichever copy starts it.
    await queryRunner.query(
      `CREATE UNIQUE INDEX site_test_modes_active_hwaddr_key ON site_test_modes (hwaddr) WHERE ended_at IS NULL`,
    );
    // The sweep's test modes due to end.
    await queryRunner.query(`CREATE INDEX site_test_modes_due_idx ON site_test_modes (until) WHERE ended_at IS NULL`);
    // The test mode that covers an event's arrival.
    await queryRunner.query(
      `CREATE INDEX site_test_modes_hwaddr_started_at_idx ON site_test_modes (hwaddr, started_at)`,
    );

    await queryRunner.query(`
      CREATE TABLE alarm_test_marks (
        hwaddr character(12) NOT NULL,
        event_seq bigint NOT NULL,
        test_mode_id bigint NULL,
        decided_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT alarm_test_marks_pkey PRIMARY KEY (hwaddr, event_seq)
      )`);

    // A constant default: no table rewrite, whatever the number of events.
    await queryRunner.query(`ALTER TABLE events ADD COLUMN test boolean NOT NULL DEFAULT false`);

    await queryRunner.query(`ALTER TABLE relay_action_runs DROP CONSTRAINT relay_action_runs_status_check`);
    await queryRunner.query(
      `ALTER TABLE relay_action_runs ADD CONSTRAINT relay_action_runs_status_check CHECK (status IN ('pending', 'succeeded', 'failed', 'suppressed'))`,
    );
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_status_check`);
    await queryRunner.query(
      `ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_status_check CHECK (status IN ('queued', 'sent', 'failed', 'suppressed'))`,
    );
    await queryRunner.query(`ALTER TABLE panel_command_audit ALTER COLUMN user_id DROP NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM panel_command_audit WHERE user_id IS NULL`);
    await queryRunner.query(`ALTER TABLE panel_command_audit ALTER COLUMN user_id SET NOT NULL`);
    await queryRunner.query(`DELETE FROM mail_deliveries WHERE status = 'suppressed'`);
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_status_check`);
    await queryRunner.query(
      `ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_status_check CHECK (status IN ('queued', 'sent', 'failed'))`,
    );
    await queryRunner.query(`DELETE FROM relay_action_runs WHERE status = 'suppressed'`);
    await queryRunner.query(`ALTER TABLE relay_action_runs DROP CONSTRAINT relay_action_runs_status_check`);
    await queryRunner.query(
      `ALTER TABLE relay_action_runs ADD CONSTRAINT relay_action_runs_status_check CHECK (status IN ('pending', 'succeeded', 'failed'))`,
    );
    await queryRunner.query(`ALTER TABLE events DROP COLUMN test`);
    await queryRunner.query(`DROP TABLE alarm_test_marks`);
    await queryRunner.query(`DROP TABLE site_test_modes`);
  }
}
