import type { DataSource } from 'typeorm';
import { DEFAULT_RELAY_TRIGGER_SETTINGS, type RelayTriggerSettings } from '@app/contracts';
import { RelayActionEntity, RelayEntity } from '@app/database';
import { RelayPasswordCipher } from '@app/relay-protocol';

/** Nothing switched. */
export const NO_SWITCHING: RelayTriggerSettings = DEFAULT_RELAY_TRIGGER_SETTINGS;
/** A fire pulses relay 1; nothing else. */
export const PULSE_RELAY_1: RelayTriggerSettings = { ...NO_SWITCHING, relay_1: 1 };

/** Sweeps of owed records as often as the configuration allows: a test waits seconds, not half a minute. */
export const FAST_RECORD_SWEEPS = { RECORD_SWEEP_AFTER_MS: '1000', RECORD_SWEEP_INTERVAL_MS: '200' };

export interface TestRelayAction {
  userId: string;
  hwaddr: string;
  /** The board (a RelaySimulator on 127.0.0.1) and its 32-character password. */
  port: number;
  password: string;
  /** The relay-worker's RELAY_SECRET_KEY, which keeps the password encrypted. */
  secretKey: string;
  name: string;
}

/** A user's relay board and the action pulsing its relay 1 on the site's fires; the action's id. */
export async function saveFireRelayAction(dataSource: DataSource, action: TestRelayAction): Promise<number> {
  const relay = await dataSource.getRepository(RelayEntity).save({
    userId: action.userId,
    name: action.name,
    host: '127.0.0.1',
    port: action.port,
    passwordEncrypted: new RelayPasswordCipher(action.secretKey).encrypt(action.password),
  });
  const saved = await dataSource
    .getRepository(RelayActionEntity)
    .save({ relayId: relay.id, hwaddr: action.hwaddr, onFire: PULSE_RELAY_1, onFault: NO_SWITCHING });
  return saved.id;
}
