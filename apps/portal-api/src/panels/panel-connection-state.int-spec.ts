import { DomainError } from '@app/platform';
import { NatsConfig } from '@app/config';
import { gatewayBucketKey, type PanelConnectionMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { waitUntil } from '@app/testing';
import { PrivateNatsServer } from '../../../panel-gateway/src/testing/private-nats-server';
import { PANEL_STATE_UNAVAILABLE, PanelConnectionState } from './panel-connection-state.service';

describe("the panels' live state across a NATS restart (private nats-server)", () => {
  const hwaddr = '001a2b3c4d5e';
  let server: PrivateNatsServer;
  let nats: NatsService;
  let state: PanelConnectionState;

  beforeAll(async () => {
    server = await PrivateNatsServer.start();
    nats = await NatsService.connect(new NatsConfig([server.url], ''), 'panel-connection-state-int-spec');
    state = new PanelConnectionState(nats);
    const connection: PanelConnectionMessage = {
      hwaddr,
      connected: true,
      cloudControl: true,
      panelType: 'SMARTLOOP_MK2',
      firmware: '4.2.0',
      networkIds: [1],
      gatewayId: 'gateway-1',
      connectionId: 'connection-1',
      keyProof: { nonce: '00', proof: '00' },
      at: '2026-11-23T10:00:00.000Z',
    };
    await (await nats.bucket(nats.names.buckets.panelConnections)).put(hwaddr, JSON.stringify(connection));
    await (
      await nats.bucket(nats.names.buckets.gateways)
    ).put(gatewayBucketKey('gateway-1'), JSON.stringify({ gatewayId: 'gateway-1' }));
  }, 20_000);

  afterAll(async () => {
    await nats?.onApplicationShutdown();
    await server?.remove();
  });

  const connectedNow = () =>
    state.connection(hwaddr).then(
      (connection) => connection?.connected === true,
      () => false,
    );

  it('answers a 503 naming the live state while NATS is down, never another error, and the state again once it is back', async () => {
    await expect(state.connection(hwaddr)).resolves.toMatchObject({ hwaddr, connected: true });

    await server.stop();
    // Read at once (the client may not have seen the loss yet) and after it has.
    const early = await state.connection(hwaddr).catch((error: unknown) => error);
    await waitUntil(() => !nats.isConnected, 'the client to see NATS gone');
    // Health says so at once too, rather than when its check's wait runs out.
    await expect(nats.ping()).rejects.toThrow('disconnected, reconnecting');
    const late = await state.runtime(hwaddr, 1).catch((error: unknown) => error);
    for (const failure of [early, late]) {
      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({ kind: 'unavailable', err: PANEL_STATE_UNAVAILABLE });
    }

    await server.resume();
    await waitUntil(connectedNow, 'the live state readable again', 20_000);
    await expect(nats.ping()).resolves.toBeUndefined();
  }, 40_000);
});
