import type { PanelEventMessage } from '@app/contracts';
import type { PanelLinkClient } from '@app/panel-protocol';
import {
  ELECTION_TIMEOUT_MS,
  startSecuredNatsCluster,
  waitUntil,
  type NatsCluster,
  type SecuredNatsCluster,
} from '@app/testing';
import { uniqueTestName } from '@app/messaging/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { readStream } from './testing/stream-reader.util';
import { connectClient } from './testing/test-panels.util';

// The election, waited for up to ELECTION_TIMEOUT_MS (several of them on a busy machine), then the steady stream.
jest.setTimeout(ELECTION_TIMEOUT_MS + 60_000);

describe('panel events while the server leading PANEL_EVENTS is killed (real three-server cluster, as deployed: the gateway its own user, over TLS)', () => {
  let secured: SecuredNatsCluster;
  let cluster: NatsCluster;
  let gateway: StartedGateway;
  let panel: PanelLinkClient;

  beforeAll(async () => {
    secured = await startSecuredNatsCluster({
      name: uniqueTestName('gateway-failover'),
      prefix: uniqueTestName('gwfo'),
    });
    cluster = secured.cluster;
    // Every server of the cluster, three copies of each stream; a publish left unanswered by a
    // leader that died is tried again after a second.
    gateway = await startGateway(secured.config('panel-gateway'), { publishTimeoutMs: 1000 });
    panel = await connectClient(gateway);
  });

  afterAll(async () => {
    await panel?.stop();
    await gateway?.close();
    await secured?.remove();
  });

  it('acks every event once stored, stores each exactly once, and carries on after the election', async () => {
    const stream = gateway.nats.names.streams.panelEvents;
    const acked: number[] = [];
    // A steady stream: the next event as soon as the previous one is acked.
    const sendNext = () =>
      panel.sendEvent({
        networkId: 1,
        category: 'system',
        title: `Event ${acked.length + 1}`,
        date: '2026-11-21T07:30:00Z',
        location: 'Panel',
      });
    let sending = true;
    panel.on('eventAck', (seq: number) => {
      acked.push(seq);
      if (sending) sendNext();
    });
    sendNext();

    await waitUntil(() => acked.length >= 30, '30 events acked before the kill');
    const leaderName = (await gateway.nats.manager.streams.info(stream)).cluster!.leader!;
    const killedAt = Date.now();
    await cluster.server(leaderName).kill();
    const ackedAtKill = acked.length;
    const newLeader = await cluster.waitStreamLeaderOtherThan(stream, leaderName);
    const electedAt = Date.now();
    await waitUntil(() => acked.length > ackedAtKill, 'an event acked after the kill', 20_000);
    const resumedAt = Date.now();
    await waitUntil(() => acked.length >= ackedAtKill + 30, '30 events acked after the election', 20_000);
    sending = false;
    await waitUntil(() => panel.unacked.length === 0, 'the last event acked');
    console.info(
      `PANEL_EVENTS leader ${leaderName} killed: ${newLeader} leads after ${electedAt - killedAt} ms, ` +
        `the gateway acked again after ${resumedAt - killedAt} ms`,
    );

    const stored = (await readStream<PanelEventMessage>(gateway.nats, stream)).map((event) => event.seq);
    // Each acked event stored once (a retried publish after the leader's death dropped as a
    // duplicate by its message id), in the order sent, and the panel acked in that order.
    expect(stored).toEqual(acked);
    expect(acked).toEqual(Array.from({ length: acked.length }, (_, index) => index + 1));
    // The reconnects and retries, over TLS, stayed within the gateway's user's permissions.
    expect(secured.violations()).toEqual([]);
  });
});
