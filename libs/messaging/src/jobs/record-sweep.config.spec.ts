import { readRecordSweepConfig } from './record-sweep.config';

describe('readRecordSweepConfig', () => {
  it('looks every 30 s for records open 2 minutes by default', () => {
    expect(readRecordSweepConfig({})).toEqual({ afterMs: 30_000, intervalMs: 10_000 });
  });

  it('reads the variables', () => {
    expect(readRecordSweepConfig({ RECORD_SWEEP_AFTER_MS: '60000', RECORD_SWEEP_INTERVAL_MS: '5000' })).toEqual({
      afterMs: 60_000,
      intervalMs: 5000,
    });
  });

  it('names a bad variable', () => {
    expect(() => readRecordSweepConfig({ RECORD_SWEEP_AFTER_MS: '10' })).toThrow('RECORD_SWEEP_AFTER_MS');
    expect(() => readRecordSweepConfig({ RECORD_SWEEP_INTERVAL_MS: 'soon' })).toThrow('RECORD_SWEEP_INTERVAL_MS');
    expect(() => readRecordSweepConfig({ RECORD_SWEEP_AFTER_MS: '5000', RECORD_SWEEP_INTERVAL_MS: '6000' })).toThrow(
      'Invalid configuration: RECORD_SWEEP_INTERVAL_MS must be at most RECORD_SWEEP_AFTER_MS (5000)',
    );
  });
});
