import { spawn, type ChildProcess } from 'node:child_process';
import { panelIdentitiesInsert } from '@app/database';
import type { FleetSlice, ReceivedCommand } from './fleet-cluster.util';
import type { FleetReply, FleetRequest, FleetStatus, MoveOutcome } from './panel-fleet-worker';

type ReplyOf<Op extends FleetReply['op']> = Extract<FleetReply, { op: Op }>;

/** One client process of the fleet, spoken to over IPC. */
class FleetWorker {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: FleetReply) => void; reject: (error: Error) => void }
  >();
  readonly exited: Promise<void>;

  constructor(
    readonly slice: FleetSlice,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (message: { id: number; reply?: FleetReply; error?: string }) => {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(`fleet worker: ${message.error}`));
      else waiter?.resolve(message.reply!);
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        for (const waiter of this.waiting.values()) waiter.reject(new Error(`fleet worker exited (${code})`));
        this.waiting.clear();
        resolve();
      }),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  request<Op extends FleetReply['op']>(request: FleetRequest): Promise<ReplyOf<Op>> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: (reply) => resolve(reply as ReplyOf<Op>), reject });
      this.child.send({ id, request });
    });
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
  }
}

/**
 * A panel fleet split over client processes (this program started again with `panel-fleet-worker`),
 * so that no process holds more sockets than its open-files limit allows: each holds a slice of the
 * panels, panel N starting on gateway copy N round the copies' ports.
 */
export class FleetWorkers {
  private readonly workers: FleetWorker[];
  /** Each panel's worker, by hwaddr (after create()). */
  private readonly workerOf = new Map<string, FleetWorker>();

  /** `workerArgs`: Node's arguments that start a worker (default: this program as `panel-fleet-worker`). */
  constructor(slices: readonly FleetSlice[], workerArgs: readonly string[] = [process.argv[1], 'panel-fleet-worker']) {
    this.workers = slices.map(
      (slice) =>
        new FleetWorker(slice, spawn(process.execPath, workerArgs, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })),
    );
  }

  get pids(): number[] {
    return this.workers.map((worker) => worker.pid);
  }

  /** Makes every worker's panels (their keys too) and puts them in the registry, one statement per worker. */
  async create(
    family: number,
    ports: number[],
    db: { query(sql: string, params: unknown[]): Promise<unknown> },
  ): Promise<string[]> {
    const hwaddrs: string[] = [];
    // The keys are made in every worker at once; the rows go in one worker's slice at a time.
    const created = await Promise.all(
      this.workers.map((worker) => worker.request<'created'>({ op: 'create', ...worker.slice, family, ports })),
    );
    for (const [index, worker] of this.workers.entries()) {
      const { identities } = created[index];
      const { sql, params } = panelIdentitiesInsert(
        identities.map(([hwaddr, publicKey]) => ({ hwaddr, publicKey })),
        { source: 'generated', label: 'bench', replace: true },
      );
      await db.query(sql, params);
      for (const [hwaddr] of identities) {
        this.workerOf.set(hwaddr, worker);
        hwaddrs.push(hwaddr);
      }
    }
    return hwaddrs;
  }

  /**
   * Every worker connects its panels not connected yet, up to `share` of them (all by default), in
   * slices, all workers at once, `inFlight` handshakes in all (as the one-process fleet's slices);
   * resolves with the panels ready.
   */
  async connect(timeoutMs: number, share = 1, inFlight = 500): Promise<number> {
    const slice = Math.max(1, Math.ceil(inFlight / this.workers.length));
    const replies = await Promise.all(
      this.workers.map((worker) => worker.request<'connected'>({ op: 'connect', slice, timeoutMs, share })),
    );
    return replies.reduce((sum, reply) => sum + reply.ready, 0);
  }

  async status(): Promise<FleetStatus> {
    const replies = await Promise.all(this.workers.map((worker) => worker.request<'status'>({ op: 'status' })));
    const total: FleetStatus = { ready: 0, byPort: {} };
    for (const { status } of replies) {
      total.ready += status.ready;
      for (const [port, count] of Object.entries(status.byPort))
        total.byPort[Number(port)] = (total.byPort[Number(port)] ?? 0) + count;
    }
    return total;
  }

  /** Opens a new connection of each panel to the copy on `toPort` while its old one is still open. */
  async move(hwaddrs: string[], toPort: number, timeoutMs: number): Promise<MoveOutcome[]> {
    const replies = await Promise.all(
      this.workers.map(async (worker) => {
        const mine = hwaddrs.filter((hwaddr) => this.workerOf.get(hwaddr) === worker);
        return mine.length === 0
          ? { outcomes: [] }
          : await worker.request<'moved'>({ op: 'move', hwaddrs: mine, toPort, timeoutMs });
      }),
    );
    return replies.flatMap((reply) => reply.outcomes);
  }

  /** The commands the panels received since the last call. */
  async receivedCommands(): Promise<ReceivedCommand[]> {
    const replies = await Promise.all(this.workers.map((worker) => worker.request<'commands'>({ op: 'commands' })));
    return replies.flatMap((reply) => reply.received);
  }

  /** Closes every panel, then ends the workers. */
  async stop(): Promise<void> {
    await Promise.allSettled(this.workers.map((worker) => worker.request<'stopped'>({ op: 'stop' })));
    for (const worker of this.workers) worker.kill();
    await Promise.all(this.workers.map((worker) => worker.exited));
  }
}
