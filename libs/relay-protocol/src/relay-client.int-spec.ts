import { Redis } from 'ioredis';
import { RELAY_PULSE_MAX_SECONDS } from '@app/contracts';
import { RedisLocks } from '@app/messaging';
import { removeRedisPrefix, TEST_REDIS_URL, uniqueTestName } from '@app/messaging/testing';
import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import { RedisBoardLock } from './relay-board-lock';
import { RelayClient } from './relay-client';
import { AllowedTargets } from '@app/platform';
import { RelayTargetPolicy } from './relay-target-policy';

const password = 'This MUST be 32 characters long.';

describe('RelayClient against the relay simulator (real Redis lock)', () => {
  const prefix = uniqueTestName('relayclient');
  const redis = new Redis(TEST_REDIS_URL);
  const simulator = new RelaySimulator({ password });
  const lock = new RedisBoardLock(new RedisLocks(redis), { prefix, leaseMs: 2_000, waitMs: 5_000 });
  // Generous: no test here waits for a timeout, and a busy machine must not turn a slow answer into a failure.
  const client = new RelayClient({
    policy: new RelayTargetPolicy(AllowedTargets.parse('127.0.0.1')),
    lock,
    connectTimeoutMs: 10_000,
    replyTimeoutMs: 10_000,
  });
  let port: number;

  beforeAll(async () => {
    port = await simulator.start();
  });

  afterAll(async () => {
    await simulator.stop();
    await removeRedisPrefix(prefix);
    await redis.quit();
  });

  it('verifies a board and reports its status', async () => {
    await expect(client.verify({ host: '127.0.0.1', port, password })).resolves.toEqual({
      moduleID: 35,
      firmware: { system: { major: 4, minor: 2 }, application: { major: 4, minor: 14 } },
      voltage: 12.5,
      temp: 26.7,
    });
  });

  it('says the password or mode is wrong when the reply does not decrypt', async () => {
    await expect(client.verify({ host: '127.0.0.1', port, password: 'x'.repeat(32) })).rejects.toMatchObject({
      kind: 'wrong-password',
      message: `Relay 127.0.0.1:${port} answered with data that does not decrypt: check the password and that the relay is set to the AES Binary command set`,
    });
  });

  it('says the connection was refused on a closed port', async () => {
    const closed = new RelaySimulator({ password });
    const closedPort = await closed.start();
    await closed.stop();
    await expect(client.verify({ host: '127.0.0.1', port: closedPort, password })).rejects.toMatchObject({
      kind: 'connection-refused',
    });
  });

  it('refuses a private address that the allow-list does not name', async () => {
    await expect(client.verify({ host: '127.0.0.2', port, password })).rejects.toMatchObject({
      kind: 'refused-target',
    });
  });

  it('pulses relays and switches I/O, each read back, with the nonce chained across commands', async () => {
    await client.drive(
      { host: '127.0.0.1', port, password },
      {
        pulses: [
          { relay: 1, seconds: 2 },
          { relay: 2, seconds: 3 },
        ],
        outputs: [
          { io: 1, on: true },
          { io: 4, on: true },
        ],
      },
    );
    expect(simulator.switches.map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: 'relay', relay: 1, pulseMs: 2000 },
      { kind: 'relay', relay: 2, pulseMs: 3000 },
      { kind: 'io', io: 1, on: true },
      { kind: 'io', io: 4, on: true },
    ]);
    expect([
      simulator.relayState(1),
      simulator.relayState(2),
      simulator.ioState(1),
      simulator.ioState(2),
      simulator.ioState(4),
    ]).toEqual([true, true, true, false, true]);
  });

  it("pulses for the portal's longest pulse: the board reads a positive pulse and will open the relay again", async () => {
    await client.drive(
      { host: '127.0.0.1', port, password },
      { pulses: [{ relay: 3, seconds: RELAY_PULSE_MAX_SECONDS }], outputs: [] },
    );

    expect(simulator.switches.at(-1)).toEqual({
      kind: 'relay',
      relay: 3,
      pulseMs: 2_147_483_000,
      at: expect.any(Date),
    });
    expect(simulator.relayState(3)).toBe(true);
  });

  it('refuses to send a pulse over the longest, which the board would latch on', async () => {
    const switches = simulator.switches.length;

    await expect(
      client.drive(
        { host: '127.0.0.1', port, password },
        { pulses: [{ relay: 4, seconds: RELAY_PULSE_MAX_SECONDS + 1 }], outputs: [] },
      ),
    ).rejects.toThrow(RangeError);
    expect(simulator.switches.length).toBe(switches);
    expect(simulator.relayState(4)).toBe(false);
  });

  it('drives one board for one caller at a time', async () => {
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        lock.withBoard('127.0.0.1:1', async () => {
          order.push(`${name} in`);
          await redis.ping();
          order.push(`${name} out`);
        }),
      ),
    );
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i].replace('in', 'out'));
  });
});
