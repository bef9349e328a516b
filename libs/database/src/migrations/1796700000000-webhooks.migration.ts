import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sites' webhooks (docs/webhooks.md): the endpoint and secret of each site, the messages owed to
 * it (recorded before the alarm is acked, one per endpoint and message id) and each try's answer.
 */
export class Webhooks1796700000000 implements MigrationInterface {
  name = 'Webhooks1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "hwaddr" character(12) NOT NULL,
        "url" text NOT NULL,
        "secret" text NOT NULL,
        "updated_by" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "webhook_endpoints_hwaddr_key" UNIQUE ("hwaddr"),
        CONSTRAINT "webhook_endpoints_hwaddr_check" CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "endpoint_id" bigint,
        "hwaddr" character(12) NOT NULL,
        "message_id" text NOT NULL,
        "type" text NOT NULL,
        "payload" jsonb NOT NULL,
        "state" text NOT NULL DEFAULT 'owed',
        "reason" text,
        "attempts" integer NOT NULL DEFAULT '0',
        "possible_repeat" boolean NOT NULL DEFAULT false,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "delivered_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "webhook_deliveries_endpoint_message_key" UNIQUE ("endpoint_id", "message_id"),
        CONSTRAINT "webhook_deliveries_attempts_check" CHECK (attempts >= 0),
        CONSTRAINT "webhook_deliveries_state_check" CHECK (state IN ('owed', 'sending', 'retrying', 'delivered', 'failed', 'suppressed', 'cancelled')),
        CONSTRAINT "webhook_deliveries_type_check" CHECK (type IN ('alarm.fire', 'alarm.fault', 'panel.communication_lost', 'panel.communication_restored', 'test_mode.started', 'test_mode.ended', 'webhook.test')),
        CONSTRAINT "webhook_deliveries_hwaddr_check" CHECK (hwaddr ~ '^[0-9a-f]{12}$'),
        CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_open_created_at_idx" ON "webhook_deliveries" ("created_at") WHERE state IN ('owed', 'sending', 'retrying')`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_hwaddr_created_at_idx" ON "webhook_deliveries" ("hwaddr", "created_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_attempts" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "delivery_id" bigint NOT NULL,
        "attempt" integer NOT NULL,
        "started_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        "status_code" integer,
        "error" text,
        CONSTRAINT "webhook_attempts_delivery_attempt_key" UNIQUE ("delivery_id", "attempt"),
        CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_attempts"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
