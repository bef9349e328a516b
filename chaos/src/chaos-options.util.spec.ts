import { CLUSTER_FAULT_NAMES, DEFAULT_CHAOS_OPTIONS, FAULT_NAMES, parseChaosArgs } from './chaos-options.util';

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

  it('runs the cluster faults with --cluster, in any place among the arguments', () => {
    expect(parseChaosArgs(['--cluster'])).toEqual({
      ...DEFAULT_CHAOS_OPTIONS,
      cluster: true,
      faults: [...CLUSTER_FAULT_NAMES],
    });
    expect(parseChaosArgs(['--gap', '5', '--cluster', '--faults=partition-nats,kill-redis'])).toMatchObject({
      cluster: true,
      gap: 5,
      faults: ['partition-nats', 'kill-redis'],
    });
  });

  it('refuses a fault of the other kind of run', () => {
    expect(() => parseChaosArgs(['--faults', 'partition-nats'])).toThrow(/'partition-nats' \(without --cluster\)/);
    expect(() => parseChaosArgs(['--cluster', '--faults', 'kill-nats'])).toThrow(/'kill-nats'/);
    expect(() => parseChaosArgs(['--cluster', '--faults', 'kill-mailer-mid-send'])).toThrow(/kill-mailer-mid-send/);
  });

  it('refuses an unknown fault, an unknown flag and a size that is not positive, naming it', () => {
    expect(() => parseChaosArgs(['--faults', 'kill-nats,kill-everything'])).toThrow(/kill-everything/);
    expect(() => parseChaosArgs(['--speed', '3'])).toThrow(/unknown argument '--speed'/);
    expect(() => parseChaosArgs(['--gap', '0'])).toThrow(/--gap needs a positive number/);
    expect(() => parseChaosArgs(['--gap'])).toThrow(/--gap needs a positive number/);
  });
});
