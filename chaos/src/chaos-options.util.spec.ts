import { DEFAULT_CHAOS_OPTIONS, FAULT_NAMES, parseChaosArgs } from './chaos-options.util';

describe('parseChaosArgs', () => {
  it('runs every fault at the default size without arguments', () => {
    expect(parseChaosArgs([])).toEqual({ ...DEFAULT_CHAOS_OPTIONS, faults: [...FAULT_NAMES] });
  });

  it('reads sizes in both spellings and a list of faults', () => {
    const options = parseChaosArgs([
      '--panels',
      '6',
      '--rate=30',
      '--alarm-every',
      '1.5',
      '--faults',
      'kill-nats,drop-panels',
    ]);
    expect(options).toMatchObject({ panels: 6, rate: 30, alarmEvery: 1.5, faults: ['kill-nats', 'drop-panels'] });
  });

  it('refuses an unknown fault, an unknown flag and a size that is not positive, naming it', () => {
    expect(() => parseChaosArgs(['--faults', 'kill-nats,kill-everything'])).toThrow(/kill-everything/);
    expect(() => parseChaosArgs(['--speed', '3'])).toThrow(/unknown argument '--speed'/);
    expect(() => parseChaosArgs(['--gap', '0'])).toThrow(/--gap needs a positive number/);
    expect(() => parseChaosArgs(['--gap'])).toThrow(/--gap needs a positive number/);
  });
});
