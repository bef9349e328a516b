import { readdirSync, readFileSync } from 'node:fs';

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

/** Pids of the running processes whose command name (`/proc/<pid>/comm`) is `command`. */
export function pidsOfCommand(command: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) pids.push(Number(entry));
    } catch {
      // ended while listed
    }
  }
  return pids;
}

/**
 * Watches a process, or a group of them (all PostgreSQL backends, say), over a measured span: CPU
 * seconds spent and the highest resident size seen (sampled, since VmHWM counts from the process's
 * start, not from the span's). For a group, the RSS is the sum over its members.
 */
export class ProcessWatch {
  private readonly startCpu = new Map<number, number>();
  /** Members found at the start; sampling reads only these, not the whole of /proc each time. */
  private readonly members: number[];
  private peakRss = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly name: string,
    private readonly pids: () => number[],
    sampleMs = 250,
  ) {
    this.members = pids();
    for (const pid of this.members) {
      try {
        this.startCpu.set(pid, readCpuSeconds(pid));
      } catch {
        // ended while listed
      }
    }
    this.sample(this.members);
    this.timer = setInterval(() => this.sample(this.members), sampleMs);
  }

  static of(name: string, pid: number): ProcessWatch {
    return new ProcessWatch(name, () => [pid]);
  }

  private sample(pids: readonly number[]): void {
    let rss = 0;
    for (const pid of pids) {
      try {
        // A process on its way out (or a zombie) has no VmRSS line: it weighs nothing.
        const megabytes = readRssMegabytes(pid);
        if (Number.isFinite(megabytes)) rss += megabytes;
      } catch {
        // the process ended; its last sample stands
      }
    }
    this.peakRss = Math.max(this.peakRss, rss);
  }

  stop(): { name: string; cpuSeconds: number; peakRssMb: number } {
    clearInterval(this.timer);
    // Looked up again: members that started within the span count too, from zero.
    const pids = this.pids();
    this.sample(pids);
    let cpuSeconds = 0;
    let alive = 0;
    for (const pid of pids) {
      try {
        cpuSeconds += readCpuSeconds(pid) - (this.startCpu.get(pid) ?? 0);
        alive++;
      } catch {
        // ended
      }
    }
    return { name: this.name, cpuSeconds: alive > 0 ? cpuSeconds : Number.NaN, peakRssMb: this.peakRss };
  }
}
