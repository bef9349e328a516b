import { DEFAULT_RELAY_TRIGGER_SETTINGS, triggersAnything, withTriggerDefaults } from './relay-trigger.util';

describe('relay trigger settings', () => {
  it('default to 0 seconds and every I/O port off', () => {
    expect(withTriggerDefaults(undefined)).toEqual({
      relay_1: 0,
      relay_2: 0,
      io_1: false,
      io_2: false,
      io_3: false,
      io_4: false,
    });
    expect(withTriggerDefaults({ relay_2: 5, io_3: true })).toEqual({
      ...DEFAULT_RELAY_TRIGGER_SETTINGS,
      relay_2: 5,
      io_3: true,
    });
  });

  it('tell whether the relay would do anything', () => {
    expect(triggersAnything(DEFAULT_RELAY_TRIGGER_SETTINGS)).toBe(false);
    expect(triggersAnything(withTriggerDefaults({ relay_1: 1 }))).toBe(true);
    expect(triggersAnything(withTriggerDefaults({ io_4: true }))).toBe(true);
  });
});
