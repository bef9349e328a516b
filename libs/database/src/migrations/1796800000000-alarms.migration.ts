import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alarms people handle (docs/alarms.md). A fire, a fault or a panel communication loss opens an
 * alarm for its site; while it is active (not cleared) further events of its kind on the same
 * panel network join it, so there is at most one active alarm per site, kind and network (0 for a
 * communication loss, which concerns the whole panel). Someone acknowledges it, the panel clears
 * it. alarm_timeline keeps each change; an event joins once (unique per panel and sequence), so a
 * redelivered event changes nothing. Logs: user ids as given (they outlive their users), names kept.
 */
export class Alarms1796800000000 implements MigrationInterface {
  name = 'Alarms1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE alarms (
        id bigint GENERATED ALWAYS AS IDENTITY,
        hwaddr character(12) NOT NULL,
        kind text NOT NULL,
        network_id integer NOT NULL,
        title text NOT NULL,
        location text NOT NULL,
        opened_at timestamptz NOT NULL,
        last_event_at timestamptz NOT NULL,
        events integer NOT NULL DEFAULT 1,
        acknowledged_at timestamptz NULL,
        acknowledged_by uuid NULL,
        acknowledged_by_name text NULL,
        acknowledge_note text NULL,
        cleared_at timestamptz NULL,
        clear_reason text NULL,
        CONSTRAINT alarms_pkey PRIMARY KEY (id),
        CONSTRAINT alarms_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT alarms_kind_check CHECK (kind IN ('fire', 'fault', 'communication'))
      )`);
    // One active alarm per site, kind and network, whichever copy opens it.
    await queryRunner.query(
      `CREATE UNIQUE INDEX alarms_active_key ON alarms (hwaddr, kind, network_id) WHERE cleared_at IS NULL`,
    );
    // The alarms that wait for someone, and each site's latest.
    await queryRunner.query(`CREATE INDEX alarms_unacknowledged_idx ON alarms (hwaddr) WHERE acknowledged_at IS NULL`);
    await queryRunner.query(`CREATE INDEX alarms_hwaddr_opened_at_idx ON alarms (hwaddr, opened_at)`);

    await queryRunner.query(`
      CREATE TABLE alarm_timeline (
        id bigint GENERATED ALWAYS AS IDENTITY,
        alarm_id bigint NOT NULL,
        hwaddr character(12) NOT NULL,
        change text NOT NULL,
        at timestamptz NOT NULL,
        user_id uuid NULL,
        user_name text NULL,
        text text NOT NULL,
        event_seq bigint NULL,
        CONSTRAINT alarm_timeline_pkey PRIMARY KEY (id),
        CONSTRAINT alarm_timeline_alarm_id_fkey FOREIGN KEY (alarm_id) REFERENCES alarms (id) ON DELETE CASCADE,
        CONSTRAINT alarm_timeline_change_check CHECK (change IN ('opened', 'event', 'acknowledged', 'cleared'))
      )`);
    await queryRunner.query(`CREATE INDEX alarm_timeline_alarm_id_idx ON alarm_timeline (alarm_id)`);
    // A panel event joins one alarm, once.
    await queryRunner.query(
      `CREATE UNIQUE INDEX alarm_timeline_event_key ON alarm_timeline (hwaddr, event_seq) WHERE event_seq IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE alarm_timeline`);
    await queryRunner.query(`DROP TABLE alarms`);
  }
}
