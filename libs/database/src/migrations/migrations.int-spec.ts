import {
  ACCOUNT_ACTIVITY_KINDS,
  ALARM_CHANGES,
  ESCALATION_AUDIENCES,
  ESCALATION_CHANNELS,
  ESCALATION_STEP_STATUSES,
  ALARM_KINDS,
  EVENT_CATEGORIES,
  OUTAGE_CHANGES,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_TYPES,
} from '@app/contracts';
import { createDataSource } from '../data-source';
import {
  CLAIM_STATUSES,
  EventEntity,
  MAIL_DELIVERY_STATUSES,
  MAIL_KINDS,
  PANEL_COMMAND_OUTCOMES,
  PANEL_IDENTITY_SOURCES,
  PANEL_OUTAGE_STATUSES,
  SESSION_END_REASONS,
  PUSH_DELIVERY_STATUSES,
  RELAY_ACTION_RUN_STATUSES,
  RELAY_TRIGGERS,
} from '../entities';
import { ensureDatabaseExists } from '../ensure-database.util';
import { runMigrations } from '../run-migrations';
import { createTestDatabase, type TestDatabase } from '../testing';
import { RelayPulseMaximum1796000000000 } from './1796000000000-relay-pulse-maximum.migration';
import { EscalationReach1797300000000 } from './1797300000000-escalation-reach.migration';
import { MIGRATIONS } from './index';

const EXPECTED_TABLES = [
  'access_activity',
  'account_activity',
  'alarm_escalations',
  'alarm_test_marks',
  'alarm_timeline',
  'alarms',
  'claims',
  'companies',
  'company_members',
  'company_sites',
  'dead_letters',
  'events',
  'invitations',
  'mail_deliveries',
  'notifications',
  'panel_command_audit',
  'panel_identities',
  'panel_networks',
  'panel_outages',
  'panels',
  'password_reset_tokens',
  'push_deliveries',
  'push_devices',
  'relay_action_runs',
  'relay_actions',
  'relays',
  'site_escalation_policies',
  'site_shares',
  'site_test_modes',
  'user_quiet_hours',
  'user_recovery_codes',
  'user_sessions',
  'user_two_factor',
  'users',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
];

async function tableNames(database: TestDatabase): Promise<string[]> {
  const rows: { table_name: string }[] = await database.dataSource.query(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
     ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** Columns, indexes and constraints of the public schema, as comparable text. */
async function schemaDump(database: TestDatabase): Promise<unknown[]> {
  const columns: unknown[] = await database.dataSource.query(
    `SELECT table_name, column_name, data_type, character_maximum_length, is_nullable, column_default,
            is_identity, identity_generation
     FROM information_schema.columns WHERE table_schema = 'public'
     ORDER BY table_name, column_name`,
  );
  const indexes: unknown[] = await database.dataSource.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname`,
  );
  const constraints: unknown[] = await database.dataSource.query(
    `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
  );
  return [columns, indexes, constraints];
}

describe('initial schema migration', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterEach(async () => {
    await database.drop();
  });

  it('creates every table on an empty database', async () => {
    expect(await tableNames(database)).toEqual([]);
    const applied = await runMigrations(database.dataSource);
    expect(applied).toEqual(MIGRATIONS.map((migration) => new migration().name));
    expect(await tableNames(database)).toEqual(EXPECTED_TABLES);
  });

  it('applies nothing and changes nothing when run again', async () => {
    await runMigrations(database.dataSource);
    const before = await schemaDump(database);
    expect(await runMigrations(database.dataSource)).toEqual([]);
    expect(await schemaDump(database)).toEqual(before);
  });

  it('leaves no difference between the entities and the migrated schema', async () => {
    await runMigrations(database.dataSource);
    const pending = await database.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('checks enum-like columns against exactly the values of their string unions', async () => {
    await runMigrations(database.dataSource);
    const expected: Record<string, readonly string[]> = {
      claims_status_check: CLAIM_STATUSES,
      events_category_check: EVENT_CATEGORIES,
      relay_action_runs_trigger_check: RELAY_TRIGGERS,
      relay_action_runs_status_check: RELAY_ACTION_RUN_STATUSES,
      mail_deliveries_kind_check: MAIL_KINDS,
      mail_deliveries_status_check: MAIL_DELIVERY_STATUSES,
      panel_command_audit_outcome_check: PANEL_COMMAND_OUTCOMES,
      panel_identities_source_check: PANEL_IDENTITY_SOURCES,
      panel_outages_status_check: PANEL_OUTAGE_STATUSES,
      user_sessions_ended_why_check: SESSION_END_REASONS,
      account_activity_kind_check: ACCOUNT_ACTIVITY_KINDS,
      webhook_deliveries_type_check: WEBHOOK_EVENT_TYPES,
      webhook_deliveries_state_check: WEBHOOK_DELIVERY_STATES,
      alarms_kind_check: ALARM_KINDS,
      alarm_timeline_change_check: ALARM_CHANGES,
      alarm_escalations_audience_check: ESCALATION_AUDIENCES,
      alarm_escalations_channels_check: ESCALATION_CHANNELS,
      alarm_escalations_status_check: ESCALATION_STEP_STATUSES,
      push_deliveries_status_check: PUSH_DELIVERY_STATUSES,
      push_deliveries_outage_change_check: OUTAGE_CHANGES,
    };
    const rows: { conname: string; definition: string }[] = await database.dataSource.query(
      `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = ANY($1)`,
      [Object.keys(expected)],
    );
    const allowed = Object.fromEntries(
      rows.map((row) => [
        row.conname,
        [...row.definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1]).sort(),
      ]),
    );
    expect(allowed).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, values]) => [name, [...values].sort()])),
    );
  });

  it('migrates into a schema of its own when one is named', async () => {
    const scoped = createDataSource({ url: database.url, schema: 'tenant_a', poolSize: 2 });
    await scoped.initialize();
    try {
      expect(await runMigrations(scoped)).toHaveLength(MIGRATIONS.length);
      const rows: { table_name: string }[] = await scoped.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'tenant_a' AND table_name <> 'migrations' ORDER BY 1`,
      );
      expect(rows.map((row) => row.table_name)).toEqual(EXPECTED_TABLES);
      expect(await tableNames(database)).toEqual([]);
      const pending = await scoped.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
    } finally {
      await scoped.destroy();
    }
  });

  it('reverts to an empty database with the down migrations', async () => {
    await runMigrations(database.dataSource);
    for (let step = 0; step < MIGRATIONS.length; step += 1) {
      await database.dataSource.undoLastMigration();
    }
    expect(await tableNames(database)).toEqual([]);
    const remaining: unknown[] = await database.dataSource.query('SELECT name FROM migrations');
    expect(remaining).toEqual([]);
  });

  it("gives a site's escalation steps set before steps named them e-mail and push, and no one by name", async () => {
    await runMigrations(database.dataSource);
    for (let step = MIGRATIONS.indexOf(EscalationReach1797300000000); step < MIGRATIONS.length; step += 1)
      await database.dataSource.undoLastMigration();
    const query = (sql: string, parameters?: unknown[]) => database.dataSource.query(sql, parameters);
    await query(
      `INSERT INTO site_escalation_policies (hwaddr, steps, updated_by_name) VALUES
         ('0011223344ab', $1, 'Ann'), ('0011223344ac', '[]', 'Ann')`,
      [
        JSON.stringify([
          { afterMinutes: 5, audience: 'everyone' },
          { afterMinutes: 15, audience: 'opted-in' },
        ]),
      ],
    );

    await runMigrations(database.dataSource);
    const policies = await query(`SELECT hwaddr, steps FROM site_escalation_policies ORDER BY hwaddr`);
    expect(policies).toEqual([
      {
        hwaddr: '0011223344ab',
        steps: [
          { afterMinutes: 5, audience: 'everyone', channels: ['email', 'push'], people: [] },
          { afterMinutes: 15, audience: 'opted-in', channels: ['email', 'push'], people: [] },
        ],
      },
      { hwaddr: '0011223344ac', steps: [] },
    ]);
  });

  it('cuts relay pulses saved longer than a board can read to the maximum, and leaves the others', async () => {
    await runMigrations(database.dataSource);
    // Back to before the pulse migration (later ones undone first).
    for (let step = MIGRATIONS.indexOf(RelayPulseMaximum1796000000000); step < MIGRATIONS.length; step += 1)
      await database.dataSource.undoLastMigration();
    const query = (sql: string, parameters?: unknown[]) => database.dataSource.query(sql, parameters);
    const [user] = await query(
      `INSERT INTO users (email, full_name, password_hash) VALUES ('relay@example.com', 'Relay', 'x') RETURNING id`,
    );
    const [relay] = await query(
      `INSERT INTO relays (user_id, host, password_encrypted) VALUES ($1, '127.0.0.1', 'x') RETURNING id`,
      [user.id],
    );
    const outputs = (relay1: number, relay2: number) =>
      JSON.stringify({ relay_1: relay1, relay_2: relay2, io_1: true, io_2: false, io_3: false, io_4: false });
    await query(`INSERT INTO relay_actions (relay_id, hwaddr, on_fire, on_fault) VALUES ($1, '0011223344aa', $2, $3)`, [
      relay.id,
      outputs(4_294_967, 3),
      outputs(2_147_483, 2_147_484),
    ]);

    await runMigrations(database.dataSource);
    const [action] = await query(`SELECT on_fire, on_fault FROM relay_actions`);
    expect(action.on_fire).toEqual({
      relay_1: 2_147_483,
      relay_2: 3,
      io_1: true,
      io_2: false,
      io_3: false,
      io_4: false,
    });
    expect(action.on_fault).toMatchObject({ relay_1: 2_147_483, relay_2: 2_147_483 });
  });

  it('refuses a second event with the same hwaddr and sequence', async () => {
    await runMigrations(database.dataSource);
    const events = database.dataSource.getRepository(EventEntity);
    const event = {
      hwaddr: '0011223344aa',
      networkId: 1,
      seq: 7,
      category: 'fire' as const,
      title: 'Fire',
      date: new Date('2026-11-01T10:00:00Z'),
      location: 'Zone 1',
    };
    const stored = await events.save(events.create(event));
    expect(stored.id).toEqual(expect.any(Number));
    await expect(events.insert(events.create({ ...event, title: 'Again' }))).rejects.toMatchObject({
      code: '23505',
      constraint: 'events_hwaddr_seq_key',
    });
    expect(await events.countBy({ hwaddr: event.hwaddr })).toBe(1);
    const reread = await events.findOneByOrFail({ id: stored.id });
    expect(reread).toMatchObject({ seq: 7, title: 'Fire', networkId: 1 });
  });

  it('applies the migrations once when two runners start together', async () => {
    const first = createDataSource({ url: database.url, poolSize: 1 });
    const second = createDataSource({ url: database.url, poolSize: 1 });
    await Promise.all([first.initialize(), second.initialize()]);
    try {
      const results = await Promise.all([runMigrations(first), runMigrations(second)]);
      const names = MIGRATIONS.map((migration) => new migration().name);
      expect([...results].sort((a, b) => b.length - a.length)).toEqual([names, []]);
      const recorded: unknown[] = await first.query('SELECT name FROM migrations');
      expect(recorded).toHaveLength(MIGRATIONS.length);
      expect(await tableNames(database)).toEqual(EXPECTED_TABLES);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  });
});

describe('ensureDatabaseExists', () => {
  it('creates a missing database once when called concurrently', async () => {
    const probe = await createTestDatabase({ migrate: false });
    const url = new URL(probe.url);
    url.pathname = `${url.pathname}_race`;
    const raceUrl = url.toString();
    try {
      const created = await Promise.all([
        ensureDatabaseExists(raceUrl),
        ensureDatabaseExists(raceUrl),
        ensureDatabaseExists(raceUrl),
      ]);
      expect(created.filter(Boolean)).toHaveLength(1);
      const found: unknown[] = await probe.dataSource.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        url.pathname.slice(1),
      ]);
      expect(found).toHaveLength(1);
      expect(await ensureDatabaseExists(raceUrl)).toBe(false);
    } finally {
      await probe.dataSource.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
      await probe.drop();
    }
  });
});
