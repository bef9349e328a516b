import { RelayActionRunEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import { startRelayPanelWorld, type RelayPanelWorld } from './testing/relay-panel-world';

const HWADDR = '0011aabbcc11';

/** A fault on a real panel, through a real gateway, drives the action's fault settings. */
describe('a fault on a simulated panel drives the relay board with its fault settings (real gateway, NATS, Redis, PostgreSQL)', () => {
  let world: RelayPanelWorld;

  beforeAll(async () => {
    world = await startRelayPanelWorld({
      hwaddr: HWADDR,
      password: 'Panel fault relay key: 32 chars!',
      ownerEmail: 'fault-owner@example.com',
      relayName: 'Fault dialler',
      // Fire and fault settings differ, so the switches show which of the two was driven.
      onFire: { relay_1: 1, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
      onFault: { relay_1: 0, relay_2: 2, io_1: false, io_2: false, io_3: true, io_4: false },
    });
  });

  afterAll(() => world?.close());

  it('pulses relay 2 and switches I/O 3 once on a fault, and records a fault run', async () => {
    world.panel.report(world.panel.model.setZone(1, 1, 'fault'));
    const [run] = await waitUntil(async () => {
      const runs = await world.environment.database.dataSource
        .getRepository(RelayActionRunEntity)
        .findBy({ hwaddr: HWADDR });
      return runs.length === 1 && runs[0].status === 'succeeded' ? runs : null;
    }, 'the fault relay run to succeed');
    expect(run).toMatchObject({ relayActionId: world.actionId, trigger: 'fault', attempts: 1, error: null });
    expect(world.board.switches.map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: 'relay', relay: 2, pulseMs: 2000 },
      { kind: 'io', io: 3, on: true },
    ]);
  });
});
