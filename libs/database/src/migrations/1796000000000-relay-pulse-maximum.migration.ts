import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Relay boards read a pulse as a signed 32-bit count of milliseconds: a pulse over 2,147,483 s (the
 * API's maximum since this migration) overflows and latches the relay on. Actions saved earlier with
 * longer pulses are cut to that maximum, so that a fire pulses their relays instead of failing to
 * drive them. The figure is written out: a migration must not change with a later constant.
 */
export class RelayPulseMaximum1796000000000 implements MigrationInterface {
  name = 'RelayPulseMaximum1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['on_fire', 'on_fault']) {
      for (const relay of ['relay_1', 'relay_2']) {
        await queryRunner.query(
          `UPDATE relay_actions SET ${column} = jsonb_set(${column}, '{${relay}}', '2147483')
           WHERE (${column}->>'${relay}')::numeric > 2147483`,
        );
      }
    }
  }

  /** The longer pulses are gone: nothing to put back. */
  async down(): Promise<void> {}
}
