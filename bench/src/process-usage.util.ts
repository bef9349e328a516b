import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU seconds from the text of /proc/<pid>/stat. */
export function cpuSecondsFromStat(stat: string): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** A `VmRSS:`/`VmHWM:` line of /proc/<pid>/status in megabytes; NaN when absent. */
export function statusMegabytes(status: string, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export function readCpuSeconds(pid: number): number {
  return cpuSecondsFromStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

export function readRssMegabytes(pid: number): number {
  return statusMegabytes(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
}

/**
 * Watches one process over a measured span: CPU seconds spent in it and the highest resident size
 * seen (sampled, since VmHWM counts from the process's start, not from the span's).
 */
export class ProcessWatch {
  private readonly startCpu: number;
  private peakRss: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly name: string,
    private readonly pid: number,
    sampleMs = 250,
  ) {
    this.startCpu = readCpuSeconds(pid);
    this.peakRss = readRssMegabytes(pid);
    this.timer = setInterval(() => this.sample(), sampleMs);
  }

  private sample(): void {
    try {
      this.peakRss = Math.max(this.peakRss, readRssMegabytes(this.pid));
    } catch {
      // the process ended; its last sample stands
    }
  }

  stop(): { name: string; cpuSeconds: number; peakRssMb: number } {
    clearInterval(this.timer);
    this.sample();
    let cpuSeconds = Number.NaN;
    try {
      cpuSeconds = readCpuSeconds(this.pid) - this.startCpu;
    } catch {
      // ended
    }
    return { name: this.name, cpuSeconds, peakRssMb: this.peakRss };
  }
}
