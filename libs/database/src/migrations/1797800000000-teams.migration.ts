import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Companies, roles, invitations and sites shared without a company (docs/access.md, "Teams").
 * A claim is now the user's way to a site: by the panel's key (as before, the only one with a key)
 * or granted through a company or an invitation (always AUTHED, with the granted role), so that
 * every app keeps reading access from the claims alone.
 */
export class Teams1797800000000 implements MigrationInterface {
  name = 'Teams1797800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE claims
        ADD COLUMN via text NOT NULL DEFAULT 'key',
        ADD COLUMN role text NOT NULL DEFAULT 'holder',
        ALTER COLUMN admin_key DROP NOT NULL,
        ADD CONSTRAINT claims_via_check CHECK (via IN ('key', 'company', 'invitation')),
        ADD CONSTRAINT claims_role_check CHECK (role IN ('holder', 'admin', 'technician', 'viewer')),
        ADD CONSTRAINT claims_grant_check CHECK (
          CASE via
            WHEN 'key' THEN admin_key IS NOT NULL AND role = 'holder'
            WHEN 'company' THEN admin_key IS NULL AND role <> 'holder' AND status = 'AUTHED'
            ELSE admin_key IS NULL AND role IN ('technician', 'viewer') AND status = 'AUTHED'
          END)`);
    await queryRunner.query(`
      ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check,
        ADD CONSTRAINT mail_deliveries_kind_check CHECK (kind IN ('event-alert', 'password-reset', 'panel-offline',
          'panel-online', 'alarm-escalation', 'invitation'))`);
    await queryRunner.query(`
      CREATE TABLE companies (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name text NOT NULL,
        require_two_factor boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT companies_pkey PRIMARY KEY (id),
        CONSTRAINT companies_name_check CHECK (char_length(name) BETWEEN 1 AND 100)
      )`);
    await queryRunner.query(`
      CREATE TABLE company_members (
        company_id uuid NOT NULL,
        user_id uuid NOT NULL,
        role text NOT NULL,
        joined_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT company_members_pkey PRIMARY KEY (company_id, user_id),
        CONSTRAINT company_members_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE,
        CONSTRAINT company_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT company_members_role_check CHECK (role IN ('admin', 'technician', 'viewer'))
      )`);
    await queryRunner.query(`CREATE INDEX company_members_user_id_idx ON company_members (user_id)`);
    await queryRunner.query(`
      CREATE TABLE company_sites (
        company_id uuid NOT NULL,
        hwaddr char(12) NOT NULL,
        added_by uuid,
        added_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT company_sites_pkey PRIMARY KEY (company_id, hwaddr),
        CONSTRAINT company_sites_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE,
        CONSTRAINT company_sites_added_by_fkey FOREIGN KEY (added_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT company_sites_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$')
      )`);
    await queryRunner.query(`CREATE INDEX company_sites_hwaddr_idx ON company_sites (hwaddr)`);
    await queryRunner.query(`
      CREATE TABLE site_shares (
        hwaddr char(12) NOT NULL,
        user_id uuid NOT NULL,
        role text NOT NULL,
        shared_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT site_shares_pkey PRIMARY KEY (hwaddr, user_id),
        CONSTRAINT site_shares_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT site_shares_shared_by_fkey FOREIGN KEY (shared_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT site_shares_role_check CHECK (role IN ('technician', 'viewer')),
        CONSTRAINT site_shares_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$')
      )`);
    await queryRunner.query(`CREATE INDEX site_shares_user_id_idx ON site_shares (user_id)`);
    await queryRunner.query(`
      CREATE TABLE invitations (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        company_id uuid,
        hwaddr char(12),
        email text NOT NULL,
        role text NOT NULL,
        invited_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid,
        revoked_at timestamptz,
        CONSTRAINT invitations_pkey PRIMARY KEY (id),
        CONSTRAINT invitations_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE,
        CONSTRAINT invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT invitations_accepted_by_fkey FOREIGN KEY (accepted_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT invitations_target_check CHECK ((company_id IS NULL) <> (hwaddr IS NULL)),
        CONSTRAINT invitations_role_check CHECK (
          role IN ('technician', 'viewer') OR (role = 'admin' AND company_id IS NOT NULL)),
        CONSTRAINT invitations_hwaddr_check CHECK (hwaddr ~ '^[0-9a-f]{12}$')
      )`);
    await queryRunner.query(
      `CREATE INDEX invitations_company_id_idx ON invitations (company_id) WHERE accepted_at IS NULL AND revoked_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX invitations_hwaddr_idx ON invitations (hwaddr) WHERE accepted_at IS NULL AND revoked_at IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE access_activity (
        id bigint GENERATED BY DEFAULT AS IDENTITY,
        at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL,
        actor_id uuid,
        actor_name text NOT NULL,
        company_id uuid,
        hwaddr char(12),
        subject text NOT NULL DEFAULT '',
        detail text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        CONSTRAINT access_activity_pkey PRIMARY KEY (id),
        CONSTRAINT access_activity_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT access_activity_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies (id) ON DELETE CASCADE,
        CONSTRAINT access_activity_kind_check CHECK (kind IN ('company-created', 'invitation-sent',
          'invitation-revoked', 'invitation-accepted', 'role-changed', 'member-removed', 'member-left', 'site-added',
          'site-removed', 'share-revoked', 'two-factor-required', 'two-factor-not-required'))
      )`);
    await queryRunner.query(
      `CREATE INDEX access_activity_company_id_at_idx ON access_activity (company_id, at DESC, id DESC) WHERE company_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX access_activity_hwaddr_at_idx ON access_activity (hwaddr, at DESC, id DESC) WHERE hwaddr IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE access_activity`);
    await queryRunner.query(`DROP TABLE invitations`);
    await queryRunner.query(`DROP TABLE site_shares`);
    await queryRunner.query(`DROP TABLE company_sites`);
    await queryRunner.query(`DROP TABLE company_members`);
    await queryRunner.query(`DROP TABLE companies`);
    await queryRunner.query(`DELETE FROM claims WHERE via <> 'key'`);
    await queryRunner.query(`DELETE FROM mail_deliveries WHERE kind = 'invitation'`);
    await queryRunner.query(`
      ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_kind_check,
        ADD CONSTRAINT mail_deliveries_kind_check CHECK (kind IN ('event-alert', 'password-reset', 'panel-offline',
          'panel-online', 'alarm-escalation'))`);
    await queryRunner.query(`
      ALTER TABLE claims
        DROP CONSTRAINT claims_grant_check,
        DROP CONSTRAINT claims_role_check,
        DROP CONSTRAINT claims_via_check,
        ALTER COLUMN admin_key SET NOT NULL,
        DROP COLUMN role,
        DROP COLUMN via`);
  }
}
