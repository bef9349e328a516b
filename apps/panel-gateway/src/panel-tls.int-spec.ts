import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { NatsConfig } from '@app/config';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import type { PanelLinkClient } from '@app/panel-protocol';
import { HealthRegistry } from '@app/platform';
import { acceptsConnections, freePort, localCertificate, waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { GatewayMetrics } from './metrics/gateway-metrics.service';
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

describe("the panels' TLS certificate renewed while the gateway runs (real NATS)", () => {
  const prefix = uniqueTestName('gwtlsre');
  const served = localCertificate();
  const renewed = localCertificate();
  let gateway: StartedGateway;
  let client: PanelLinkClient | undefined;

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix), {
      tls: { certFile: served.certFile, keyFile: served.keyFile },
    });
  });

  afterAll(async () => {
    await client?.stop();
    await gateway?.close();
    await removeNatsPrefix(prefix);
    served.remove();
    renewed.remove();
  });

  /** The fingerprint of the certificate a new TLS handshake with the gateway gets. */
  const certificateOfNewConnection = () =>
    new Promise<string>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port: gateway.port, rejectUnauthorized: false }, () => {
        resolve(socket.getPeerX509Certificate()!.fingerprint256);
        socket.destroy();
      });
      socket.once('error', reject);
    });
  const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256;
  const reloads = async (outcome: 'reloaded' | 'refused') =>
    (await gateway.app.get(GatewayMetrics).tlsReloads.get()).values.find((value) => value.labels.outcome === outcome)
      ?.value ?? 0;
  const sendFire = (on: PanelLinkClient) =>
    on.sendEvent({
      networkId: 1,
      category: 'fire',
      title: 'Fire alarm',
      date: '2026-11-21T07:30:00Z',
      location: 'Zone 1',
    });

  it('gives new connections the renewed certificate, keeps connected panels, and refuses files that do not pair', async () => {
    client = await connectClient(gateway, { tls: { ca: readFileSync(served.certFile) } });
    const acked: number[] = [];
    client.on('eventAck', (seq: number) => acked.push(seq));
    expect(await certificateOfNewConnection()).toBe(fingerprintOf(served.cert));

    // The certificate and its key written one after the other: a certificate seen without its key
    // is refused, and the one served stays until both are there.
    writeFileSync(served.certFile, renewed.cert);
    writeFileSync(served.keyFile, renewed.key);
    await waitUntil(
      async () => (await certificateOfNewConnection()) === fingerprintOf(renewed.cert),
      'the renewed certificate on a new connection',
      30_000,
    );
    // The panel connected before the renewal is still there, and its events are still acked.
    const before = sendFire(client);
    await waitUntil(() => acked.includes(before), "the connected panel's event acked after the renewal");

    // A broken certificate file changes nothing for anyone.
    const refusedBefore = await reloads('refused');
    writeFileSync(served.certFile, 'not a certificate');
    await waitUntil(async () => (await reloads('refused')) > refusedBefore, 'the broken file refused', 30_000);
    expect(await certificateOfNewConnection()).toBe(fingerprintOf(renewed.cert));
    const after = sendFire(client);
    await waitUntil(() => acked.includes(after), "the connected panel's event acked after the broken file");
    expect(await reloads('reloaded')).toBeGreaterThanOrEqual(1);
  });
});

describe("a TLS listener started before its certificate's files exist (real NATS)", () => {
  const prefix = uniqueTestName('gwtlsabs');
  const later = localCertificate();
  const folder = mkdtempSync(join(tmpdir(), 'gateway-tls-'));
  const files = { certFile: join(folder, 'tls.crt'), keyFile: join(folder, 'tls.key') };
  let gateway: StartedGateway;
  let client: PanelLinkClient | undefined;

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix), { port: await freePort(), tls: files });
  });

  afterAll(async () => {
    await client?.stop();
    await gateway?.close();
    await removeNatsPrefix(prefix);
    later.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  const awaiting = async () => (await gateway.app.get(GatewayMetrics).tlsAwaitingCertificate.get()).values[0]?.value;

  it('starts healthy without listening, then takes TLS panels once the files are there', async () => {
    // Up, so that the pod's other listener (plain TCP) keeps taking panels; the metric says it waits.
    const health = await gateway.app.get(HealthRegistry).report('panel-gateway');
    expect(health.checks.panelListener).toEqual({ status: 'up' });
    expect(await awaiting()).toBe(1);
    expect(await acceptsConnections(gateway.port)).toBe(false);

    writeFileSync(files.keyFile, later.key);
    writeFileSync(files.certFile, later.cert);
    await waitUntil(() => acceptsConnections(gateway.port), 'the TLS listener once its files are there', 30_000);
    expect(await awaiting()).toBe(0);
    client = await connectClient(gateway, { tls: { ca: later.cert } });
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
