import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { createTestEnvironment, type TestEnvironment } from '@app/testing';
import { loadPanelGatewayConfig } from './panel-gateway.config';
import { PanelGatewayModule } from './panel-gateway.module';

describe('panel-gateway boot (real services)', () => {
  let environment: TestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
    const moduleRef = await Test.createTestingModule({ imports: [PanelGatewayModule.forRoot({ runtime: environment.runtime('panel-gateway'), nats: environment.natsConfig })] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await environment?.cleanup();
  });

  it('reports every dependency it uses healthy', async () => {
    const response = await request(app.getHttpServer()).get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok', app: 'panel-gateway', checks: { nats: { status: 'up' } } });
  });

  it('serves Prometheus metrics', async () => {
    const response = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(response.text).toContain('app="panel-gateway"');
  });
});

describe('panel-gateway configuration', () => {
  it('uses local defaults', () => {
    const config = loadPanelGatewayConfig({});
    expect(config.runtime.appName).toBe('panel-gateway');
    expect(config.nats.servers).toEqual(['nats://127.0.0.1:4222']);
  });

  it('names a bad variable in one line', () => {
    expect(() => loadPanelGatewayConfig({ NATS_URL: 'http://nats' })).toThrow(
      "Invalid configuration: NATS_URL must be a URL starting with nats:// or tls://, got 'http://nats'",
    );
  });
});
