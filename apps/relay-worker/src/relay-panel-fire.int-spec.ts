import { QUEUE_NAMES, relayJobId } from '@app/contracts';
import { RelayActionRunEntity } from '@app/database';
import { NatsService, QueueService } from '@app/messaging';
import { waitUntil } from '@app/testing';
import { startRelayPanelWorld, type RelayPanelWorld } from './testing/relay-panel-world';

const HWADDR = '0011aabbcc10';

/** The whole alarm path to a relay: panel → gateway → PANEL_EVENTS → relay-worker → board. */
describe('a fire on a simulated panel drives the relay board (real gateway, NATS, Redis, PostgreSQL)', () => {
  let world: RelayPanelWorld;

  beforeAll(async () => {
    world = await startRelayPanelWorld({
      hwaddr: HWADDR,
      password: 'Panel fire relay key: 32 chars!!',
      ownerEmail: 'site-owner@example.com',
      relayName: 'Sounder strobe',
      onFire: { relay_1: 1, relay_2: 0, io_1: false, io_2: true, io_3: false, io_4: false },
      onFault: { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
    });
  });

  afterAll(() => world?.close());

  it('pulses relay 1 and switches I/O 2 once, and records the run', async () => {
    world.panel.report(world.panel.model.setZone(1, 0, 'fire'));
    const [run] = await waitUntil(async () => {
      const runs = await world.environment.database.dataSource
        .getRepository(RelayActionRunEntity)
        .findBy({ hwaddr: HWADDR });
      return runs.length === 1 && runs[0].status === 'succeeded' ? runs : null;
    }, 'the relay run to succeed');
    expect(world.board.switches.map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: 'relay', relay: 1, pulseMs: 1000 },
      { kind: 'io', io: 2, on: true },
    ]);
    expect(run).toMatchObject({ trigger: 'fire', attempts: 1, error: null });

    // A fault with nothing configured drives nothing: once the worker has taken the event in.
    world.panel.report(world.panel.model.setZone(1, 1, 'fault'));
    await waitUntil(() => world.panel.link.unacked.length === 0, 'the fault stored in the stream');
    const nats = world.worker.get(NatsService);
    await waitUntil(async () => {
      const info = await nats.manager.consumers.info(
        nats.names.streams.panelEvents,
        nats.names.consumers.relayWorker('fault'),
      );
      return info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq >= 2;
    }, 'the relay-worker to have taken both events');
    // Jobs are stored before their event is acked, so a job for the fault would be in the queue by now.
    const queue = world.worker.get(QueueService).queue(QUEUE_NAMES.relayActions);
    const fireJobId = relayJobId(HWADDR, run.eventSeq, world.actionId);
    await waitUntil(async () => (await queue.getJobState(fireJobId)) === 'completed', 'the fire job to complete');
    expect((await queue.getJobs()).map((job) => job.id)).toEqual([fireJobId]);
    const counts = await queue.getJobCounts();
    expect(Object.entries(counts).filter(([, count]) => count > 0)).toEqual([['completed', 1]]);
  });
});
