import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 'Panel communication lost' (docs/alerts.md). Each lost connection of a panel is one row of
 * panel_outages, unique per panel and connection, so that every gateway and portal-api copy that
 * hears of the loss names the same row and it is reported once. The panels table keeps which
 * gateway copy holds the panel and by which connection, so that the panels of a copy that died
 * without closing them are found with one query. Outage mails are two new mail kinds, recorded
 * with their outage.
 */
export class PanelOutages1796100000000 implements MigrationInterface {
  name = 'PanelOutages1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE panels ADD COLUMN gateway_id text NULL`);
    await queryRunner.query(`ALTER TABLE panels ADD COLUMN connection_id text NULL`);

    await queryRunner.query(`
      CREATE TABLE panel_outages (
        id bigint GENERATED ALWAYS AS IDENTITY,
        hwaddr character(12) NOT NULL,
        connection_id text NOT NULL,
        lost_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        notification_id bigint NULL,
        mailed_at timestamptz NULL,
        reported_at timestamptz NULL,
        restored_at timestamptz NULL,
        lost_mails_queued_at timestamptz NULL,
        restored_mails_queued_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT panel_outages_pkey PRIMARY KEY (id),
        CONSTRAINT panel_outages_hwaddr_connection_id_key UNIQUE (hwaddr, connection_id),
        CONSTRAINT panel_outages_notification_id_fkey FOREIGN KEY (notification_id) REFERENCES notifications (id) ON DELETE SET NULL,
        CONSTRAINT panel_outages_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT panel_outages_status_check CHECK (status IN ('pending', 'cancelled', 'reported', 'restored'))
      )`);
    // The sweep's due losses, oldest first.
    await queryRunner.query(
      `CREATE INDEX panel_outages_pending_idx ON panel_outages (lost_at) WHERE status = 'pending'`,
    );
    // At most one reported loss of a panel open at a time: the one its site shows 'Offline since'.
    await queryRunner.query(
      `CREATE UNIQUE INDEX panel_outages_open_hwaddr_key ON panel_outages (hwaddr) WHERE status = 'reported'`,
    );
    // The last loss mailed for a panel (the flap rule).
    await queryRunner.query(
      `CREATE INDEX panel_outages_mailed_idx ON panel_outages (hwaddr, mailed_at) WHERE mailed_at IS NOT NULL`,
    );
    // Deleting a notification sets its outages' link to null; without this index that would scan the table.
    await queryRunner.query(`CREATE INDEX panel_outages_notification_id_idx ON panel_outages (notification_id)`);

    await queryRunner.query(`ALTER TABLE mail_deliveries ADD COLUMN outage_id bigint NULL`);
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check`);
    await queryRunner.query(
      `ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check CHECK (kind IN ('event-alert', 'password-reset', 'panel-offline', 'panel-online'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM mail_deliveries WHERE kind IN ('panel-offline', 'panel-online')`);
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check`);
    await queryRunner.query(
      `ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_kind_check CHECK (kind IN ('event-alert', 'password-reset'))`,
    );
    await queryRunner.query(`ALTER TABLE mail_deliveries DROP COLUMN outage_id`);
    await queryRunner.query(`DROP TABLE panel_outages`);
    await queryRunner.query(`ALTER TABLE panels DROP COLUMN connection_id`);
    await queryRunner.query(`ALTER TABLE panels DROP COLUMN gateway_id`);
  }
}
