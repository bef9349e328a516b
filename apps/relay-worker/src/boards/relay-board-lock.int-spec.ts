import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { Redis } from 'ioredis';
import { RedisLocks } from '@app/messaging';
import { removeRedisPrefix, TEST_REDIS_URL, uniqueTestName } from '@app/messaging/testing';
import { AllowedTargets } from '@app/platform';
import { RelayClient, RelayTargetPolicy, type RedisBoardLock } from '@app/relay-protocol';
import { waitUntil } from '@app/testing';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import { loadRelayWorkerConfig, type RelayDrivingConfig } from '../relay-worker.config';
import { relayBoardLockOf } from './relay-board-lock.factory';
import { RelayBoardsHealth } from './relay-boards.health';

const password = 'This MUST be 32 characters long.';
const FRAME = 32;

/** A TCP hop in front of a board that can hold the board's replies from the n-th on. */
class HoldingProxy {
  requests = 0;
  held: Array<{ socket: Socket; frame: Buffer }> = [];
  private holdFromReply = Infinity;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly boardPort: number) {}

  async start(): Promise<number> {
    const server = createServer((client) => {
      const board = new Socket();
      this.sockets.add(client).add(board);
      let replies = 0;
      let fromBoard = Buffer.alloc(0);
      let fromClient = Buffer.alloc(0);
      board.connect(this.boardPort, '127.0.0.1');
      client.on('data', (chunk: Buffer) => {
        fromClient = Buffer.concat([fromClient, chunk]);
        while (fromClient.length >= FRAME) {
          this.requests += 1;
          board.write(fromClient.subarray(0, FRAME));
          fromClient = fromClient.subarray(FRAME);
        }
      });
      board.on('data', (chunk: Buffer) => {
        fromBoard = Buffer.concat([fromBoard, chunk]);
        while (fromBoard.length >= FRAME) {
          const frame = Buffer.from(fromBoard.subarray(0, FRAME));
          fromBoard = fromBoard.subarray(FRAME);
          replies += 1;
          if (replies >= this.holdFromReply) this.held.push({ socket: client, frame });
          else client.write(frame);
        }
      });
      for (const socket of [client, board]) socket.on('error', () => undefined);
      client.on('close', () => board.destroy());
      board.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  holdFrom(reply: number): void {
    this.holdFromReply = reply;
  }

  release(): void {
    this.holdFromReply = Infinity;
    for (const { socket, frame } of this.held.splice(0)) socket.write(frame);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function drivingConfig(variables: Record<string, string>): RelayDrivingConfig {
  return loadRelayWorkerConfig(variables).driving;
}

// Each test waits out at least one lease or a whole wait for a board.
jest.setTimeout(20_000);

describe('Relay board lock: a short lease renewed while a board is driven (real Redis)', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const simulator = new RelaySimulator({ password });
  const prefixes: string[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  let port: number;

  const prefixFor = (name: string): string => {
    const prefix = uniqueTestName(`relaylock-${name}`);
    prefixes.push(prefix);
    return prefix;
  };
  const clientOf = (lock: RedisBoardLock, driving: RelayDrivingConfig): RelayClient =>
    new RelayClient({
      policy: new RelayTargetPolicy(AllowedTargets.parse('127.0.0.1')),
      lock,
      connectTimeoutMs: driving.connectTimeoutMs,
      replyTimeoutMs: driving.replyTimeoutMs,
    });

  beforeAll(async () => {
    port = await simulator.start();
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    simulator.switches.splice(0);
  });

  afterAll(async () => {
    await simulator.stop();
    for (const prefix of prefixes) await removeRedisPrefix(prefix);
    await redis.quit();
  });

  it("frees a dead worker's board within one lease, turns that worker's health red, and the next action runs", async () => {
    // Timeouts that let a whole command sequence take 21 s: the board must not stay locked that long.
    const driving = drivingConfig({
      RELAY_CONNECT_TIMEOUT_MS: '1000',
      RELAY_REPLY_TIMEOUT_MS: '1000',
      RELAY_BOARD_LEASE_MS: '1000',
      RELAY_BOARD_WAIT_MS: '3000',
    });
    const prefix = prefixFor('dead');
    const boardKey = `127.0.0.1:${port}`;
    const deadRedis = new Redis(TEST_REDIS_URL);
    const deadLock = relayBoardLockOf(new RedisLocks(deadRedis), prefix, driving);
    let finishDead = (): void => undefined;
    let deadHolds = false;
    const dead = deadLock.withBoard(boardKey, () => {
      deadHolds = true;
      return new Promise<void>((resolve) => (finishDead = resolve));
    });
    cleanups.push(async () => {
      finishDead();
      await dead;
    });
    await waitUntil(() => deadHolds, 'the first worker holds the board');
    const deadHealth = new RelayBoardsHealth(deadLock);
    expect(() => deadHealth.check()).not.toThrow();

    // The worker dies mid-command: it neither renews nor releases its hold.
    deadRedis.disconnect();

    const lock = relayBoardLockOf(new RedisLocks(redis), prefix, driving);
    await clientOf(lock, driving).drive(
      { host: '127.0.0.1', port, password },
      { pulses: [{ relay: 3, seconds: 1 }], outputs: [] },
    );
    expect(simulator.switches.map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: 'relay', relay: 3, pulseMs: 1000 },
    ]);

    // Its own copy, were it still answering, reports the board held past its lease.
    await waitUntil(() => deadLock.overdueBoards().includes(boardKey), 'the dead hold is overdue');
    expect(() => deadHealth.check()).toThrow(`held past the lease without renewal: ${boardKey}`);
  });

  it('keeps the board for a holder that renews, across several leases', async () => {
    // Timeouts whose whole command sequence fits in 1.1 s, shorter than the other caller's wait; a
    // lease long enough that a loaded machine's pauses never let it lapse between two renewals (a
    // renewal every third of it: 2 s was seen to lapse with every core busy).
    const driving = drivingConfig({
      RELAY_CONNECT_TIMEOUT_MS: '100',
      RELAY_REPLY_TIMEOUT_MS: '50',
      RELAY_BOARD_LEASE_MS: '4000',
      RELAY_BOARD_WAIT_MS: '10000',
    });
    const prefix = prefixFor('renew');
    const holder = relayBoardLockOf(new RedisLocks(redis), prefix, driving);
    const otherRedis = new Redis(TEST_REDIS_URL);
    cleanups.push(() => void otherRedis.disconnect());
    const other = relayBoardLockOf(new RedisLocks(otherRedis), prefix, driving);

    const outcome = await holder.withBoard('board-a', async (lease) => {
      // Another worker waits its whole wait (two and a half leases) for the board and never gets it.
      const contender = await other
        .withBoard('board-a', async () => 'taken')
        .catch((error: { kind?: string }) => error.kind);
      await lease.confirm();
      return { contender, overdue: holder.overdueBoards() };
    });
    expect(outcome).toEqual({ contender: 'busy', overdue: [] });

    // Released at the end: the other worker gets it at once.
    await expect(other.withBoard('board-a', async () => 'taken')).resolves.toBe('taken');
  });

  it('stops a holder whose hold passed to another worker before its next command', async () => {
    // Connect and reply waits long enough that only the lost hold can end the drive (a 1 s connect
    // wait could end it first on a starved machine).
    const driving = drivingConfig({
      RELAY_CONNECT_TIMEOUT_MS: '10000',
      RELAY_REPLY_TIMEOUT_MS: '10000',
      RELAY_BOARD_LEASE_MS: '500',
      RELAY_BOARD_WAIT_MS: '5000',
    });
    const prefix = prefixFor('lost');
    const proxy = new HoldingProxy(port);
    const proxyPort = await proxy.start();
    cleanups.push(() => proxy.stop());
    const boardKey = `127.0.0.1:${proxyPort}`;
    const lock = relayBoardLockOf(new RedisLocks(redis), prefix, driving);

    // Status and the first pulse go through; the board's read-back of relay 1 is held.
    proxy.holdFrom(3);
    const drive = clientOf(lock, driving).drive(
      { host: '127.0.0.1', port: proxyPort, password },
      {
        pulses: [
          { relay: 1, seconds: 1 },
          { relay: 2, seconds: 1 },
        ],
        outputs: [],
      },
    );
    let driveError: unknown;
    drive.catch((error: unknown) => (driveError = error));
    await waitUntil(() => {
      // A drive that ended before its read-back was held says why, instead of a bare timeout.
      if (driveError !== undefined) throw driveError;
      return proxy.held.length === 1;
    }, 'the read-back of the first pulse is held');

    // Meanwhile the hold is lost (Redis lost the key) and another worker takes the board.
    await redis.del(`${prefix}:relay-board:${boardKey}`);
    const otherRedis = new Redis(TEST_REDIS_URL);
    const other = relayBoardLockOf(new RedisLocks(otherRedis), prefix, driving);
    let finishOther = (): void => undefined;
    let otherHolds = false;
    const otherHold = other.withBoard(boardKey, () => {
      otherHolds = true;
      return new Promise<void>((resolve) => (finishOther = resolve));
    });
    cleanups.push(async () => {
      finishOther();
      await otherHold;
      otherRedis.disconnect();
    });
    await waitUntil(() => otherHolds, 'the other worker holds the board');

    proxy.release();
    await expect(drive).rejects.toMatchObject({ kind: 'lock-lost' });
    expect(proxy.requests).toBe(3);
    expect(simulator.switches.map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: 'relay', relay: 1, pulseMs: 1000 },
    ]);
  });
});
