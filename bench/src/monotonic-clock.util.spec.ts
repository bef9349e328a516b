import { execFileSync } from 'node:child_process';
import { monotonicMs, performanceToMonotonic } from './monotonic-clock.util';

describe('monotonic clock', () => {
  it('reads the same clock in another process', () => {
    const before = monotonicMs();
    const child = Number(
      execFileSync(process.execPath, ['-e', 'process.stdout.write(String(Number(process.hrtime.bigint()) / 1e6))'], {
        encoding: 'utf8',
      }),
    );
    const after = monotonicMs();
    expect(child).toBeGreaterThanOrEqual(before);
    expect(child).toBeLessThanOrEqual(after);
  });

  it("places this process's performance.now() readings on it", () => {
    const before = monotonicMs();
    const converted = performanceToMonotonic(performance.now());
    const after = monotonicMs();
    // The conversion may round a fraction of a microsecond either way.
    expect(converted).toBeGreaterThanOrEqual(before - 0.01);
    expect(converted).toBeLessThanOrEqual(after + 0.01);
  });
});
