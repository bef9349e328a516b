import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events are listed, exported and counted by when the portal received them (docs/api.md, "Event
 * times"), no longer by the panel's clock: a panel whose clock is slow must not put an arriving
 * fire below older notes. Its two date indexes become arrival indexes, and the arrival index the
 * unread counts used is the site's one: as many indexes as before, so storing costs what it did.
 */
export class EventsByArrival1797400000000 implements MigrationInterface {
  name = 'EventsByArrival1797400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_hwaddr_date_idx`);
    await queryRunner.query(`DROP INDEX events_hwaddr_network_id_date_idx`);
    await queryRunner.query(`DROP INDEX events_hwaddr_received_at_idx`);
    // A site's events by arrival, newest first; id breaks ties between events of one batch. The
    // network rides along, so that the unread counts per panel (events received since a claim last
    // looked) read the index alone.
    await queryRunner.query(
      `CREATE INDEX events_hwaddr_received_at_idx ON events (hwaddr, received_at DESC, id DESC) INCLUDE (network_id)`,
    );
    // One panel (network) of a site, newest first.
    await queryRunner.query(
      `CREATE INDEX events_hwaddr_network_id_received_at_idx ON events (hwaddr, network_id, received_at DESC, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_hwaddr_network_id_received_at_idx`);
    await queryRunner.query(`DROP INDEX events_hwaddr_received_at_idx`);
    await queryRunner.query(`CREATE INDEX events_hwaddr_date_idx ON events (hwaddr, date DESC, id DESC)`);
    await queryRunner.query(
      `CREATE INDEX events_hwaddr_network_id_date_idx ON events (hwaddr, network_id, date DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX events_hwaddr_received_at_idx ON events (hwaddr, received_at)`);
  }
}
