import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The messages durable consumers set aside after they kept failing (see docs/reliability.md). */
export class DeadLetters1795700000000 implements MigrationInterface {
  name = 'DeadLetters1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE dead_letters (
        id bigint GENERATED ALWAYS AS IDENTITY,
        consumer text NOT NULL,
        stream text NOT NULL,
        subject text NOT NULL,
        stream_seq bigint NOT NULL,
        payload bytea NOT NULL,
        error text NOT NULL,
        delivery_count integer NOT NULL,
        first_failed_at timestamptz NOT NULL,
        last_failed_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT dead_letters_pkey PRIMARY KEY (id),
        CONSTRAINT dead_letters_consumer_stream_seq_key UNIQUE (consumer, stream, stream_seq)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE dead_letters`);
  }
}
