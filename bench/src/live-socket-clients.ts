import { spawn, type ChildProcess } from 'node:child_process';
import type { LiveClientAnswer, LiveClientRequest } from './live-socket-client';
import { mergeLiveReports, type LiveClientReport } from './live-client-reader.util';

/** Requests without their id (distributes an Omit over the union). */
type Request = LiveClientRequest extends infer R ? (R extends LiveClientRequest ? Omit<R, 'id'> : never) : never;

/**
 * Browser sockets held by client processes of their own (this program started again with
 * `live-socket-client`), so that receiving and handling the frames is spread over processes
 * instead of competing with the bench's own work in one event loop. Their arrival times are on the
 * machine's monotonic clock (monotonic-clock.util.ts).
 */
export class LiveSocketClients {
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: LiveClientAnswer) => void>();

  private constructor(private readonly children: ChildProcess[]) {
    for (const child of children)
      child.on('message', (answer: LiveClientAnswer) => {
        this.waiting.get(answer.id)?.(answer);
        this.waiting.delete(answer.id);
      });
  }

  static start(processes: number): LiveSocketClients {
    return new LiveSocketClients(
      Array.from({ length: processes }, () =>
        // e.g. BENCH_CLIENT_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=.data/profiles" to see where a client spends.
        spawn(process.execPath, [...clientNodeOptions(), process.argv[1], 'live-socket-client'], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        }),
      ),
    );
  }

  get pids(): number[] {
    return this.children.map((child) => child.pid!);
  }

  /**
   * Opens `count` sockets shared evenly by the processes and by `urls` (socket n of the whole set on
   * `urls[n % urls.length]`), each sending `token` as TOKEN_SET once open.
   */
  async open(urls: readonly string[], count: number, token: string | null): Promise<void> {
    let first = 0;
    await Promise.all(
      this.children.map((child, index) => {
        const share = Math.floor(count / this.children.length) + (index < count % this.children.length ? 1 : 0);
        const request = this.ask(child, { kind: 'open', urls: [...urls], first, count: share, token });
        first += share;
        return request;
      }),
    );
  }

  /** What every socket received so far, merged, and how many sockets are still open. */
  async report(): Promise<{ report: LiveClientReport; open: number }> {
    const answers = await Promise.all(this.children.map((child) => this.ask(child, { kind: 'report' })));
    const reports = answers.flatMap((answer) => (answer.kind === 'report' ? [answer] : []));
    return {
      report: mergeLiveReports(reports.map((answer) => answer.report)),
      open: reports.reduce((sum, answer) => sum + answer.open, 0),
    };
  }

  /** Ends the processes and their sockets. */
  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        if (child.connected) child.disconnect();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  private ask(child: ChildProcess, request: Request): Promise<LiveClientAnswer> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const exited = () => reject(new Error(`live socket client ${child.pid} exited`));
      child.once('exit', exited);
      this.waiting.set(id, (answer) => {
        child.off('exit', exited);
        if (answer.kind === 'failed') reject(new Error(`live socket client ${child.pid}: ${answer.error}`));
        else resolve(answer);
      });
      child.send({ ...request, id } as LiveClientRequest);
    });
  }
}

function clientNodeOptions(): string[] {
  return (process.env.BENCH_CLIENT_NODE_OPTIONS ?? '').split(' ').filter((option) => option !== '');
}
