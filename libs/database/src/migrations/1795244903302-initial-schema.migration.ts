import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The portal's first schema. Written by hand so that every name (constraints, indexes) is
 * chosen here and the entities name the same ones; the schema builder then sees no drift.
 * Hardware addresses are stored as 12 lowercase hex characters everywhere.
 */
export class InitialSchema1795244903302 implements MigrationInterface {
  readonly name = 'InitialSchema1795244903302';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        email text NOT NULL,
        full_name text NOT NULL,
        company text NOT NULL DEFAULT '',
        telephone text NOT NULL DEFAULT '',
        password_hash text NOT NULL,
        password_changed_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_pkey PRIMARY KEY (id)
      )`);
    // E-mail addresses are unique whatever their letter case.
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);

    await queryRunner.query(`
      CREATE TABLE claims (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        hwaddr character(12) NOT NULL,
        admin_key character(4) NOT NULL,
        nickname text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'WAITING',
        email_events boolean NOT NULL DEFAULT false,
        last_event_seen timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT claims_pkey PRIMARY KEY (id),
        CONSTRAINT claims_user_id_hwaddr_key UNIQUE (user_id, hwaddr),
        CONSTRAINT claims_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT claims_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT claims_admin_key_check CHECK (admin_key ~ '^[0-9]{4}$'),
        CONSTRAINT claims_status_check CHECK (status IN ('AUTHED', 'WAITING', 'UNAUTHORISED'))
      )`);
    // Settling a panel's key proof updates every claim of that hwaddr in one status.
    await queryRunner.query(`CREATE INDEX claims_hwaddr_status_idx ON claims (hwaddr, status)`);

    await queryRunner.query(`
      CREATE TABLE panels (
        hwaddr character(12) NOT NULL,
        panel_type text NOT NULL DEFAULT 'UNKNOWN',
        firmware text NOT NULL DEFAULT '',
        cloud_control boolean NOT NULL DEFAULT false,
        connected boolean NOT NULL DEFAULT false,
        last_seen_at timestamptz NULL,
        last_event_seq bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT panels_pkey PRIMARY KEY (hwaddr),
        CONSTRAINT panels_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$')
      )`);

    await queryRunner.query(`
      CREATE TABLE panel_networks (
        hwaddr character(12) NOT NULL,
        network_id smallint NOT NULL,
        str_name text NOT NULL DEFAULT '',
        str_site text NOT NULL DEFAULT '',
        str_company text NOT NULL DEFAULT '',
        str_phone_number text NOT NULL DEFAULT '',
        zones jsonb NOT NULL DEFAULT '[]',
        modules jsonb NOT NULL DEFAULT '[]',
        devices jsonb NOT NULL DEFAULT '[]',
        config_received_at timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT panel_networks_pkey PRIMARY KEY (hwaddr, network_id),
        CONSTRAINT panel_networks_hwaddr_fkey FOREIGN KEY (hwaddr) REFERENCES panels (hwaddr) ON DELETE CASCADE,
        CONSTRAINT panel_networks_network_id_check CHECK (network_id BETWEEN 1 AND 99)
      )`);

    await queryRunner.query(`
      CREATE TABLE events (
        id bigint GENERATED ALWAYS AS IDENTITY,
        hwaddr character(12) NOT NULL,
        network_id smallint NOT NULL,
        seq bigint NOT NULL,
        category text NOT NULL,
        title text NOT NULL,
        date timestamptz NOT NULL,
        location text NOT NULL DEFAULT '',
        received_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_pkey PRIMARY KEY (id),
        CONSTRAINT events_hwaddr_seq_key UNIQUE (hwaddr, seq),
        CONSTRAINT events_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT events_seq_check CHECK (seq >= 0),
        CONSTRAINT events_category_check CHECK (category IN ('fire', 'fault', 'system', 'service', 'technical'))
      )`);
    // A site's events by date range, newest first; id breaks ties between equal panel dates.
    await queryRunner.query(`CREATE INDEX events_hwaddr_date_idx ON events (hwaddr, date DESC, id DESC)`);
    // One panel (network) of a site, newest first.
    await queryRunner.query(
      `CREATE INDEX events_hwaddr_network_id_date_idx ON events (hwaddr, network_id, date DESC, id DESC)`,
    );
    // Unread counts compare received_at (server clock) with a claim's last_event_seen, which is
    // also server time; the panel-reported date may be skewed or late, so it is not used there.
    await queryRunner.query(`CREATE INDEX events_hwaddr_received_at_idx ON events (hwaddr, received_at)`);

    await queryRunner.query(`
      CREATE TABLE notifications (
        id bigint GENERATED ALWAYS AS IDENTITY,
        hwaddr character(12) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        notification_type text NOT NULL,
        notification_data jsonb NOT NULL DEFAULT '{}',
        title text NOT NULL,
        text text NOT NULL,
        resolved_by uuid NULL,
        resolved_by_name text NULL,
        resolved_on timestamptz NULL,
        CONSTRAINT notifications_pkey PRIMARY KEY (id),
        CONSTRAINT notifications_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT notifications_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$')
      )`);
    await queryRunner.query(
      `CREATE INDEX notifications_hwaddr_created_at_idx ON notifications (hwaddr, created_at DESC)`,
    );
    // Unread (unresolved) counts per site stay cheap however many resolved rows pile up.
    await queryRunner.query(
      `CREATE INDEX notifications_unresolved_hwaddr_idx ON notifications (hwaddr) WHERE resolved_on IS NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE relays (
        id bigint GENERATED ALWAYS AS IDENTITY,
        user_id uuid NOT NULL,
        name text NOT NULL DEFAULT '',
        host text NOT NULL,
        port integer NOT NULL DEFAULT 17123,
        password_encrypted text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT relays_pkey PRIMARY KEY (id),
        CONSTRAINT relays_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT relays_port_check CHECK (port BETWEEN 1 AND 65535)
      )`);
    await queryRunner.query(`CREATE INDEX relays_user_id_idx ON relays (user_id)`);

    await queryRunner.query(`
      CREATE TABLE relay_actions (
        id bigint GENERATED ALWAYS AS IDENTITY,
        relay_id bigint NOT NULL,
        hwaddr character(12) NOT NULL,
        on_fire jsonb NOT NULL,
        on_fault jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT relay_actions_pkey PRIMARY KEY (id),
        CONSTRAINT relay_actions_relay_id_hwaddr_key UNIQUE (relay_id, hwaddr),
        CONSTRAINT relay_actions_relay_id_fkey FOREIGN KEY (relay_id) REFERENCES relays (id) ON DELETE CASCADE,
        CONSTRAINT relay_actions_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$')
      )`);
    // A fire or fault event looks up the actions of its site.
    await queryRunner.query(`CREATE INDEX relay_actions_hwaddr_idx ON relay_actions (hwaddr)`);

    await queryRunner.query(`
      CREATE TABLE relay_action_runs (
        id bigint GENERATED ALWAYS AS IDENTITY,
        relay_action_id bigint NOT NULL,
        hwaddr character(12) NOT NULL,
        event_seq bigint NOT NULL,
        trigger text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        error text NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL,
        CONSTRAINT relay_action_runs_pkey PRIMARY KEY (id),
        CONSTRAINT relay_action_runs_relay_action_id_hwaddr_event_seq_key UNIQUE (relay_action_id, hwaddr, event_seq),
        CONSTRAINT relay_action_runs_relay_action_id_fkey FOREIGN KEY (relay_action_id) REFERENCES relay_actions (id) ON DELETE CASCADE,
        CONSTRAINT relay_action_runs_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT relay_action_runs_trigger_check CHECK (trigger IN ('fire', 'fault')),
        CONSTRAINT relay_action_runs_status_check CHECK (status IN ('pending', 'succeeded', 'failed')),
        CONSTRAINT relay_action_runs_attempts_check CHECK (attempts >= 0)
      )`);

    await queryRunner.query(`
      CREATE TABLE password_reset_tokens (
        jti uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT password_reset_tokens_pkey PRIMARY KEY (jti),
        CONSTRAINT password_reset_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    // Deleting a user cascades here; without this index that would scan the table.
    await queryRunner.query(`CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id)`);

    // A log of outgoing mail: kept when the user goes, so user_id is not a foreign key.
    await queryRunner.query(`
      CREATE TABLE mail_deliveries (
        id bigint GENERATED ALWAYS AS IDENTITY,
        job_id text NOT NULL,
        kind text NOT NULL,
        recipient text NOT NULL,
        user_id uuid NULL,
        hwaddr character(12) NULL,
        event_seq bigint NULL,
        status text NOT NULL DEFAULT 'queued',
        error text NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz NULL,
        CONSTRAINT mail_deliveries_pkey PRIMARY KEY (id),
        CONSTRAINT mail_deliveries_job_id_key UNIQUE (job_id),
        CONSTRAINT mail_deliveries_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT mail_deliveries_kind_check CHECK (kind IN ('event-alert', 'password-reset')),
        CONSTRAINT mail_deliveries_status_check CHECK (status IN ('queued', 'sent', 'failed')),
        CONSTRAINT mail_deliveries_attempts_check CHECK (attempts >= 0)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Dependants first.
    await queryRunner.query(`DROP TABLE mail_deliveries`);
    await queryRunner.query(`DROP TABLE password_reset_tokens`);
    await queryRunner.query(`DROP TABLE relay_action_runs`);
    await queryRunner.query(`DROP TABLE relay_actions`);
    await queryRunner.query(`DROP TABLE relays`);
    await queryRunner.query(`DROP TABLE notifications`);
    await queryRunner.query(`DROP TABLE events`);
    await queryRunner.query(`DROP TABLE panel_networks`);
    await queryRunner.query(`DROP TABLE panels`);
    await queryRunner.query(`DROP TABLE claims`);
    await queryRunner.query(`DROP TABLE users`);
  }
}
