import { randomUUID } from 'node:crypto';
import { RelayError } from './relay-error';

/** The hold on one board while work runs; `confirm` is the fencing check before each command. */
export interface BoardLease {
  /** Resolves while the board is still ours; rejects (the work must stop) once it may not be. */
  confirm(): Promise<void>;
}

/** Runs work on one board at a time, across every process that shares the lock. */
export interface BoardLock {
  withBoard<T>(boardKey: string, work: (lease: BoardLease) => Promise<T>): Promise<T>;
}

export interface RedisBoardLockOptions {
  /** Key prefix shared by every worker copy of one deployment. */
  prefix: string;
  /**
   * How long a hold lasts without renewal: a holder renews it while its work runs, so the board of
   * a dead holder is free again within one lease.
   */
  leaseMs: number;
  /** Longest a caller waits for a board another caller holds (longer than one lease). */
  waitMs: number;
  pollMs?: number;
}

/** Leased locks held under a token of their own (RedisLocks of libs/messaging). */
export interface LeasedLocks {
  acquire(key: string, token: string, leaseMs: number): Promise<boolean>;
  /** False when the lease lapsed or passed to another holder. */
  renew(key: string, token: string, leaseMs: number): Promise<boolean>;
  release(key: string, token: string): Promise<void>;
}

/** One board held by this process, as its renewals last saw it. */
interface HeldBoard {
  boardKey: string;
  key: string;
  token: string;
  /** When the latest renewal that found the board ours was sent: the lease runs from there. */
  confirmedAt: number;
  lost: boolean;
  timer: NodeJS.Timeout;
}

/**
 * A Redis lock per board (SET NX PX with a token of its own) held on a short lease that is renewed
 * a few times per lease while the work runs. Before each command the work confirms the lease with
 * a renewal (a fencing check): a hold that lapsed or passed to another stops the work before it
 * sends anything more.
 */
export class RedisBoardLock implements BoardLock {
  private readonly held = new Set<HeldBoard>();

  constructor(
    private readonly locks: LeasedLocks,
    private readonly options: RedisBoardLockOptions,
  ) {
    if (options.waitMs <= options.leaseMs) {
      throw new Error(
        `The wait for a board (${options.waitMs} ms) must be longer than its lease (${options.leaseMs} ms)`,
      );
    }
  }

  async withBoard<T>(boardKey: string, work: (lease: BoardLease) => Promise<T>): Promise<T> {
    const key = `${this.options.prefix}:relay-board:${boardKey}`;
    const token = randomUUID();
    const deadline = Date.now() + this.options.waitMs;
    let takenAt = Date.now();
    while (!(await this.locks.acquire(key, token, this.options.leaseMs))) {
      if (Date.now() >= deadline) {
        throw new RelayError(
          'busy',
          `Relay ${boardKey} is busy with another command for longer than ${this.options.waitMs} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 25));
      takenAt = Date.now();
    }
    const hold: HeldBoard = {
      boardKey,
      key,
      token,
      confirmedAt: takenAt,
      lost: false,
      timer: undefined as unknown as NodeJS.Timeout,
    };
    // Renewing three times per lease leaves room for two renewals that come late.
    hold.timer = setInterval(
      () => void this.renew(hold).catch(() => undefined),
      Math.max(1, Math.floor(this.options.leaseMs / 3)),
    );
    this.held.add(hold);
    try {
      return await work({ confirm: () => this.confirm(hold) });
    } finally {
      clearInterval(hold.timer);
      this.held.delete(hold);
      if (!hold.lost) await this.locks.release(key, token).catch(() => undefined);
    }
  }

  /**
   * Boards this process holds whose lease lapsed without renewal (Redis out of reach, a stalled
   * process) or passed to another holder while the work still runs.
   */
  overdueBoards(now = Date.now()): string[] {
    return [...this.held]
      .filter((hold) => hold.lost || now - hold.confirmedAt >= this.options.leaseMs)
      .map((hold) => hold.boardKey);
  }

  private async confirm(hold: HeldBoard): Promise<void> {
    if (!hold.lost) {
      try {
        await this.renew(hold);
      } catch {
        // Redis did not answer: the lease holds only as long as the last renewal allows.
      }
    }
    if (hold.lost || Date.now() - hold.confirmedAt >= this.options.leaseMs) {
      throw new RelayError(
        'lock-lost',
        `Relay ${hold.boardKey}: this worker's hold on the board lapsed or passed to another (lease ${this.options.leaseMs} ms), so it stopped before its next command`,
      );
    }
  }

  /** Extends the lease if the board is still ours; marks the hold lost otherwise. */
  private async renew(hold: HeldBoard): Promise<void> {
    if (hold.lost) return;
    const sentAt = Date.now();
    const renewed = await withDeadline(
      this.locks.renew(hold.key, hold.token, this.options.leaseMs),
      this.options.leaseMs,
    );
    if (renewed) hold.confirmedAt = Math.max(hold.confirmedAt, sentAt);
    else hold.lost = true;
  }
}

/** A renewal that takes longer than a lease proves nothing: give up on it. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
