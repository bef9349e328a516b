import type { RelayStatus } from '@app/contracts';
import type { BoardLock } from './relay-board-lock';
import { RelayBoardSession } from './relay-board-session';
import { RelayConnection } from './relay-connection';
import { relayKey } from './relay-frame.util';
import type { RelayTargetPolicy } from './relay-target-policy';

export interface RelayTarget {
  host: string;
  port: number;
  /** The board's 32-character AES password. */
  password: string;
}

/** What to do on a board: relays to pulse (seconds > 0) and I/O ports to switch. */
export interface RelayDrivePlan {
  pulses: Array<{ relay: number; seconds: number }>;
  outputs: Array<{ io: number; on: boolean }>;
}

export interface RelayClientOptions {
  policy: RelayTargetPolicy;
  lock: BoardLock;
  connectTimeoutMs: number;
  replyTimeoutMs: number;
}

/**
 * Talks to relay boards: checks the target against the policy, takes the board's lock (one
 * command sequence per board across every worker), and runs the commands on one connection, each
 * only after the lock's lease is confirmed still ours.
 */
export class RelayClient {
  constructor(private readonly options: RelayClientOptions) {}

  /** Get Status: proves address, port, AES mode and password at once. */
  verify(target: RelayTarget): Promise<RelayStatus> {
    return this.withSession(target, (session) => session.status());
  }

  /**
   * Runs the plan, each switch read back; the first failure stops it. Every switch fetches the
   * board's status for its nonce, so the first one also catches a wrong password.
   */
  drive(target: RelayTarget, plan: RelayDrivePlan): Promise<void> {
    return this.withSession(target, async (session) => {
      for (const { relay, seconds } of plan.pulses) await session.pulseRelay(relay, seconds);
      for (const { io, on } of plan.outputs) await session.setOutput(io, on);
    });
  }

  private async withSession<T>(target: RelayTarget, work: (session: RelayBoardSession) => Promise<T>): Promise<T> {
    const key = relayKey(target.password);
    const address = await this.options.policy.resolve(target.host);
    const boardKey = `${address}:${target.port}`;
    return this.options.lock.withBoard(boardKey, async (lease) => {
      const connection = await RelayConnection.open(
        { host: target.host, address, port: target.port },
        this.options.connectTimeoutMs,
      );
      try {
        return await work(
          new RelayBoardSession(connection, key, target.host, target.port, this.options.replyTimeoutMs, () =>
            lease.confirm(),
          ),
        );
      } finally {
        connection.close();
      }
    });
  }
}
