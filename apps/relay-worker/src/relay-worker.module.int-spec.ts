import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { createTestEnvironment, type TestEnvironment } from '@app/testing';
import { loadRelayWorkerConfig } from './relay-worker.config';
import { RelayWorkerModule } from './relay-worker.module';

describe('relay-worker boot (real services)', () => {
  let environment: TestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    const moduleRef = await Test.createTestingModule({ imports: [RelayWorkerModule.forRoot({ runtime: environment.runtime('relay-worker'), database: environment.databaseConfig, nats: environment.natsConfig, redis: environment.redisConfig })] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await environment?.cleanup();
  });

  it('reports every dependency it uses healthy', async () => {
    const response = await request(app.getHttpServer()).get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok', app: 'relay-worker', checks: { database: { status: 'up' }, nats: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('serves Prometheus metrics', async () => {
    const response = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(response.text).toContain('app="relay-worker"');
  });
});

describe('relay-worker configuration', () => {
  it('uses local defaults', () => {
    const config = loadRelayWorkerConfig({});
    expect(config.runtime.appName).toBe('relay-worker');
    expect(config.nats.servers).toEqual(['nats://127.0.0.1:4222']);
  });

  it('names a bad variable in one line', () => {
    expect(() => loadRelayWorkerConfig({ NATS_URL: 'http://nats' })).toThrow(
      "Invalid configuration: NATS_URL must be a URL starting with nats:// or tls://, got 'http://nats'",
    );
  });
});
