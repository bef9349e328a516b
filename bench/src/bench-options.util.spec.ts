import { DEFAULT_BENCH_OPTIONS, SCENARIO_NAMES, parseBenchArgs } from './bench-options.util';

describe('parseBenchArgs', () => {
  it('runs every scenario with the defaults when given nothing', () => {
    expect(parseBenchArgs([])).toEqual({ ...DEFAULT_BENCH_OPTIONS, scenarios: [...SCENARIO_NAMES] });
  });

  it('selects scenarios by name, in the order they run, once each', () => {
    expect(parseBenchArgs(['fanout', 'ingest', 'fanout']).scenarios).toEqual(['ingest', 'fanout']);
  });

  it('reads sizes as separate or inline values', () => {
    const options = parseBenchArgs(['queries', '--events', '10000000', '--sites=500']);
    expect(options.events).toBe(10_000_000);
    expect(options.sites).toBe(500);
    expect(options.rate).toBe(DEFAULT_BENCH_OPTIONS.rate);
  });

  it('refuses an unknown argument and a bad size', () => {
    expect(() => parseBenchArgs(['ingestt'])).toThrow("unknown argument 'ingestt'");
    expect(() => parseBenchArgs(['--rate', 'fast'])).toThrow("--rate needs a positive number, got 'fast'");
    expect(() => parseBenchArgs(['--rate'])).toThrow("--rate needs a positive number, got 'undefined'");
    expect(() => parseBenchArgs(['ingest-max', '--step', '1'])).toThrow(
      '--step must be above 1 (each ingest-max step faster than the last), got 1',
    );
  });
});
