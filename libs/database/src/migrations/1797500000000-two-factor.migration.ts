import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (docs/access.md): a user's authenticator key, encrypted, waiting for its first
 * code until enabled_at is set, with the time step of the last code accepted so that no code signs
 * in twice; and ten single-use recovery codes, kept only as hashes.
 */
export class TwoFactor1797500000000 implements MigrationInterface {
  name = 'TwoFactor1797500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_two_factor (
        user_id uuid NOT NULL,
        secret_encrypted text NOT NULL,
        enabled_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT user_two_factor_pkey PRIMARY KEY (user_id),
        CONSTRAINT user_two_factor_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE user_recovery_codes (
        user_id uuid NOT NULL,
        code_hash text NOT NULL,
        used_at timestamptz,
        CONSTRAINT user_recovery_codes_pkey PRIMARY KEY (user_id, code_hash),
        CONSTRAINT user_recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE user_recovery_codes`);
    await queryRunner.query(`DROP TABLE user_two_factor`);
  }
}
