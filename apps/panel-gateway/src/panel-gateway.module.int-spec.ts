import { PRODUCT_VERSION } from '@app/contracts';
import request from 'supertest';
import { healthyReport, opsServerOf } from '@app/testing';
import { NatsConfig } from '@app/config';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import { loadPanelGatewayConfig } from './panel-gateway.config';
import { startGateway, type StartedGateway } from './testing/gateway-harness';

describe('panel-gateway boot (real services)', () => {
  const prefix = uniqueTestName('gwboot');
  let gateway: StartedGateway;

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix));
  });

  afterAll(async () => {
    await gateway?.close();
    await removeNatsPrefix(prefix);
  });

  it('reports every dependency it uses healthy', async () => {
    const response = await healthyReport(opsServerOf(gateway.app));
    expect(response.body).toEqual({
      status: 'ok',
      app: 'panel-gateway',
      version: PRODUCT_VERSION,
      checks: {
        database: { status: 'up' },
        nats: { status: 'up' },
        panelListener: { status: 'up' },
        natsSubscriptions: { status: 'up' },
      },
    });
  });

  it('serves Prometheus metrics, its own included', async () => {
    const response = await request(opsServerOf(gateway.app)).get('/metrics').expect(200);
    expect(response.text).toContain('app="panel-gateway"');
    expect(response.text).toContain('panel_gateway_connected_panels');
  });

  it('listens for panels on the port it picked', () => {
    expect(gateway.port).toBeGreaterThan(0);
  });
});

describe('panel-gateway configuration', () => {
  it('uses local defaults', () => {
    const config = loadPanelGatewayConfig({});
    expect(config.runtime.appName).toBe('panel-gateway');
    expect(config.nats.servers).toEqual(['nats://127.0.0.1:4222']);
    expect(config.listener).toMatchObject({
      host: '0.0.0.0',
      port: 7700,
      tls: null,
      supervisionWindowMs: 90_000,
      commandTimeoutMs: 5000,
      maxFrameBytes: 256 * 1024,
    });
    expect(config.listener.gatewayId).toContain(String(process.pid));
  });

  it('reads the listener variables', () => {
    const config = loadPanelGatewayConfig({
      GATEWAY_PANEL_PORT: '7800',
      GATEWAY_SUPERVISION_WINDOW_MS: '60000',
      GATEWAY_ID: 'gw-a',
      GATEWAY_COMMAND_TIMEOUT_MS: '2500',
    });
    expect(config.listener).toMatchObject({
      port: 7800,
      supervisionWindowMs: 60_000,
      commandTimeoutMs: 2500,
    });
    expect(config.listener.gatewayId).toMatch(/^gw-a\.[0-9a-f]{8}$/);
  });

  it('holds panels under an id of its own at each start, whatever the name it is given', () => {
    const starts = [0, 1, 2].map(() => loadPanelGatewayConfig({ GATEWAY_ID: 'gw-a' }).listener.gatewayId);
    expect(new Set(starts).size).toBe(3);
  });

  it.each([
    [
      { NATS_URL: 'http://nats' },
      "Invalid configuration: NATS_URL must be a URL starting with nats:// or tls://, got 'http://nats'",
    ],
    [
      { GATEWAY_PANEL_PORT: '0' },
      "Invalid configuration: GATEWAY_PANEL_PORT must be a port number from 1 to 65535, got '0'",
    ],
    [
      { GATEWAY_SUPERVISION_WINDOW_MS: '10' },
      "Invalid configuration: GATEWAY_SUPERVISION_WINDOW_MS must be an integer from 3000 to 3600000, got '10'",
    ],
    [
      { GATEWAY_MAX_FRAME_BYTES: 'big' },
      "Invalid configuration: GATEWAY_MAX_FRAME_BYTES must be an integer from 4096 to 16777216, got 'big'",
    ],
    [
      { GATEWAY_TLS_CERT_FILE: '/nonexistent/cert.pem' },
      'Invalid configuration: GATEWAY_TLS_KEY_FILE is required (set together with GATEWAY_TLS_CERT_FILE)',
    ],
  ])('names a bad variable in one line (%j)', (source, message) => {
    expect(() => loadPanelGatewayConfig(source)).toThrow(message);
  });
});
