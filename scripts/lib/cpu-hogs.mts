import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Processes that keep CPUs busy, as other work on a shared CI machine does: each spins one core
 * until stopped. They run at the same priority as everything else, so the work under test gets
 * only its fair share.
 */
export class CpuHogs {
  private readonly children: ChildProcess[] = [];
  readonly count: number;

  constructor(count: number) {
    this.count = count;
  }

  start(): void {
    for (let index = 0; index < this.count; index += 1) {
      const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
      this.children.push(child);
    }
  }

  /** Pids of the running hogs (for a check that they are really spinning). */
  get pids(): number[] {
    return this.children.flatMap((child) => (child.pid === undefined || child.exitCode !== null ? [] : [child.pid]));
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    this.children.length = 0;
  }
}
