import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each escalation step names how it reaches (docs/alarms.md): e-mail, push, the site's webhook, and
 * may reach the people it names. The steps recorded before keep what they did (e-mail and push to
 * their audience), and so do the sites' policies set before, written out once here so that every
 * stored step names its channels and people; a webhook is told of an alarm nobody acknowledged as
 * 'alarm.escalated'.
 */
export class EscalationReach1797300000000 implements MigrationInterface {
  name = 'EscalationReach1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alarm_escalations ADD COLUMN channels text[] NOT NULL DEFAULT '{email,push}'`);
    await queryRunner.query(`ALTER TABLE alarm_escalations ALTER COLUMN channels DROP DEFAULT`);
    await queryRunner.query(`
      ALTER TABLE alarm_escalations ADD CONSTRAINT alarm_escalations_channels_check
        CHECK (cardinality(channels) > 0 AND channels <@ ARRAY['email', 'push', 'webhook']::text[])`);
    await queryRunner.query(`ALTER TABLE alarm_escalations ADD COLUMN people uuid[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE alarm_escalations ALTER COLUMN people DROP DEFAULT`);
    await queryRunner.query(`
      ALTER TABLE alarm_escalations
        DROP CONSTRAINT alarm_escalations_audience_check,
        ADD CONSTRAINT alarm_escalations_audience_check CHECK (audience IN ('opted-in', 'everyone', 'people'))`);
    await queryRunner.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_type_check`);
    await queryRunner.query(`
      ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_type_check CHECK (type IN (
        'alarm.fire', 'alarm.fault', 'panel.communication_lost', 'panel.communication_restored', 'alarm.escalated',
        'test_mode.started', 'test_mode.ended', 'webhook.test'))`);
    await queryRunner.query(`
      UPDATE site_escalation_policies SET steps = coalesce((
        SELECT jsonb_agg(
                 later.step || jsonb_build_object(
                   'channels', coalesce(later.step->'channels', '["email", "push"]'::jsonb),
                   'people', coalesce(later.step->'people', '[]'::jsonb))
                 ORDER BY later.place)
        FROM jsonb_array_elements(steps) WITH ORDINALITY AS later(step, place)), '[]'::jsonb)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM webhook_deliveries WHERE type = 'alarm.escalated'`);
    await queryRunner.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_type_check`);
    await queryRunner.query(`
      ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_type_check CHECK (type IN (
        'alarm.fire', 'alarm.fault', 'panel.communication_lost', 'panel.communication_restored',
        'test_mode.started', 'test_mode.ended', 'webhook.test'))`);
    await queryRunner.query(`DELETE FROM alarm_escalations WHERE audience = 'people'`);
    await queryRunner.query(`
      ALTER TABLE alarm_escalations
        DROP CONSTRAINT alarm_escalations_audience_check,
        ADD CONSTRAINT alarm_escalations_audience_check CHECK (audience IN ('opted-in', 'everyone'))`);
    await queryRunner.query(`ALTER TABLE alarm_escalations DROP CONSTRAINT alarm_escalations_channels_check`);
    await queryRunner.query(`ALTER TABLE alarm_escalations DROP COLUMN people, DROP COLUMN channels`);
  }
}
