import { readJobStallConfig } from './job-stall.config';

describe('readJobStallConfig', () => {
  it("takes a dead worker's job up again within seconds by default", () => {
    expect(readJobStallConfig({})).toEqual({ lockMs: 5000, checkIntervalMs: 2000, maxStalls: 2 });
  });

  it('reads the variables', () => {
    expect(readJobStallConfig({ JOB_LOCK_MS: '8000', JOB_STALL_CHECK_MS: '1000', JOB_MAX_STALLS: '3' })).toEqual({
      lockMs: 8000,
      checkIntervalMs: 1000,
      maxStalls: 3,
    });
  });

  it('names a bad variable', () => {
    expect(() => readJobStallConfig({ JOB_LOCK_MS: '500' })).toThrow('JOB_LOCK_MS');
    expect(() => readJobStallConfig({ JOB_MAX_STALLS: '0' })).toThrow('JOB_MAX_STALLS');
    expect(() => readJobStallConfig({ JOB_LOCK_MS: '2000', JOB_STALL_CHECK_MS: '3000' })).toThrow(
      'Invalid configuration: JOB_STALL_CHECK_MS must be at most JOB_LOCK_MS (2000)',
    );
  });
});
