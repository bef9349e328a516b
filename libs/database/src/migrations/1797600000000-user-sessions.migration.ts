import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed-in browsers (docs/access.md, "Sessions"): one row per sign-in, named by the session token's
 * `sid` and by the claims tokens made from it; a token whose row is ended no longer works. Tokens
 * from before this have no `sid`: their holders sign in once more. A push device remembers the
 * session that turned it on, so that ending the session stops the pushes to that browser too.
 */
export class UserSessions1797600000000 implements MigrationInterface {
  name = 'UserSessions1797600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_sessions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        address text NOT NULL DEFAULT '',
        user_agent text NOT NULL DEFAULT '',
        ended_at timestamptz,
        ended_why text,
        CONSTRAINT user_sessions_pkey PRIMARY KEY (id),
        CONSTRAINT user_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT user_sessions_ended_why_check CHECK (ended_why IN ('ended', 'password-changed')),
        CONSTRAINT user_sessions_ended_check CHECK ((ended_at IS NULL) = (ended_why IS NULL))
      )`);
    // A user's open sessions, newest first (My Account's list, ending them all).
    await queryRunner.query(
      `CREATE INDEX user_sessions_user_id_open_idx ON user_sessions (user_id, created_at DESC) WHERE ended_at IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE push_devices ADD COLUMN session_id uuid`);
    await queryRunner.query(
      `ALTER TABLE push_devices ADD CONSTRAINT push_devices_session_id_fkey
         FOREIGN KEY (session_id) REFERENCES user_sessions (id) ON DELETE SET NULL`,
    );
    await queryRunner.query(`CREATE INDEX push_devices_session_id_idx ON push_devices (session_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE push_devices DROP COLUMN session_id`);
    await queryRunner.query(`DROP TABLE user_sessions`);
  }
}
