import { cpuSecondsFromStat, statusMegabytes } from './process-usage.util';

describe('process usage parsing', () => {
  it('adds user and system ticks, whatever spaces the command name holds', () => {
    const stat = '4242 (node main (x).js) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 75 0 0 20 0 11 0 123 456 789';
    expect(cpuSecondsFromStat(stat)).toBeCloseTo(3.25);
  });

  it('reads resident sizes in megabytes', () => {
    const status = 'Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\n';
    expect(statusMegabytes(status, 'VmRSS')).toBe(100);
    expect(statusMegabytes(status, 'VmHWM')).toBe(200);
    expect(statusMegabytes('Name:\tnode\n', 'VmRSS')).toBeNaN();
  });
});
