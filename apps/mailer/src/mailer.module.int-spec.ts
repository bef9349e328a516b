import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { createTestEnvironment, type TestEnvironment } from '@app/testing';
import { loadMailerConfig } from './mailer.config';
import { MailerModule } from './mailer.module';

describe('mailer boot (real services)', () => {
  let environment: TestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    const moduleRef = await Test.createTestingModule({ imports: [MailerModule.forRoot({ runtime: environment.runtime('mailer'), database: environment.databaseConfig, nats: environment.natsConfig, redis: environment.redisConfig })] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await environment?.cleanup();
  });

  it('reports every dependency it uses healthy', async () => {
    const response = await request(app.getHttpServer()).get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok', app: 'mailer', checks: { database: { status: 'up' }, nats: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('serves Prometheus metrics', async () => {
    const response = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(response.text).toContain('app="mailer"');
  });
});

describe('mailer configuration', () => {
  it('uses local defaults', () => {
    const config = loadMailerConfig({});
    expect(config.runtime.appName).toBe('mailer');
    expect(config.nats.servers).toEqual(['nats://127.0.0.1:4222']);
  });

  it('names a bad variable in one line', () => {
    expect(() => loadMailerConfig({ NATS_URL: 'http://nats' })).toThrow(
      "Invalid configuration: NATS_URL must be a URL starting with nats:// or tls://, got 'http://nats'",
    );
  });
});
