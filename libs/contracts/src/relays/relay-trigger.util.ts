import type { RelayTriggerSettings } from './relay-trigger.types';

export const DEFAULT_RELAY_TRIGGER_SETTINGS: Readonly<RelayTriggerSettings> = {
  relay_1: 0,
  relay_2: 0,
  io_1: false,
  io_2: false,
  io_3: false,
  io_4: false,
};

/** Fills the fields a request left out with their defaults. */
export function withTriggerDefaults(settings: Partial<RelayTriggerSettings> | null | undefined): RelayTriggerSettings {
  return { ...DEFAULT_RELAY_TRIGGER_SETTINGS, ...(settings ?? {}) };
}

/** True when the settings would make the relay do something. */
export function triggersAnything(settings: RelayTriggerSettings): boolean {
  return (
    settings.relay_1 > 0 || settings.relay_2 > 0 || settings.io_1 || settings.io_2 || settings.io_3 || settings.io_4
  );
}
