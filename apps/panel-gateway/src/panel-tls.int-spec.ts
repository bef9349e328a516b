import { readFileSync } from 'node:fs';
import { NatsConfig } from '@app/config';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import type { PanelLinkClient } from '@app/panel-protocol';
import { localCertificate, waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { connectClient } from './testing/test-panels.util';

describe('panels over TLS (real NATS)', () => {
  const prefix = uniqueTestName('gwtls');
  const { certFile, keyFile, remove } = localCertificate();
  let gateway: StartedGateway;
  let client: PanelLinkClient | undefined;

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix), { tls: { certFile, keyFile } });
  });

  afterAll(async () => {
    await client?.stop();
    await gateway?.close();
    await removeNatsPrefix(prefix);
    remove();
  });

  it('runs the protocol inside TLS, trusting the gateway certificate', async () => {
    client = await connectClient(gateway, { tls: { ca: readFileSync(certFile) } });
    const acked: number[] = [];
    client.on('eventAck', (seq: number) => acked.push(seq));
    const seq = client.sendEvent({
      networkId: 1,
      category: 'fire',
      title: 'Fire alarm',
      date: '2026-11-21T07:30:00Z',
      location: 'Zone 1',
    });
    await waitUntil(() => acked.includes(seq), 'the ack over TLS');
  });
});
