import { PRODUCT_VERSION } from '@app/contracts';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { healthyReport, createTestEnvironment, opsServerOf, type TestEnvironment } from '@app/testing';
import { loadRelayWorkerConfig } from './relay-worker.config';
import { startRelayWorkerTestApp } from './testing/relay-worker-test-app';
import { RelayAlarmPathWarmup } from './events/relay-alarm-path-warmup.service';

describe('relay-worker boot (real services)', () => {
  let environment: TestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    ({ app } = await startRelayWorkerTestApp(environment));
  });

  afterAll(async () => {
    await app?.close();
    await environment?.cleanup();
  });

  it('reports every dependency it uses healthy', async () => {
    const response = await healthyReport(opsServerOf(app));
    expect(response.body).toEqual({
      status: 'ok',
      app: 'relay-worker',
      version: PRODUCT_VERSION,
      checks: {
        database: { status: 'up' },
        nats: { status: 'up' },
        redis: { status: 'up' },
        panelEventsConsumer: { status: 'up' },
        natsSubscriptions: { status: 'up' },
        relayBoards: { status: 'up' },
      },
    });
  });

  it("runs its alarm path's statements at start, and they run as written", async () => {
    // Its start ran them (a failure is only logged there): run them again, where a failure fails.
    await expect(app.get(RelayAlarmPathWarmup).warmUp()).resolves.toBeUndefined();
  });

  it('serves Prometheus metrics, with the depth of its queue and the age of its oldest waiting job', async () => {
    const response = await request(opsServerOf(app)).get('/metrics').expect(200);
    expect(response.text).toContain('app="relay-worker"');
    expect(response.text).toMatch(/^queue_jobs\{queue="relay-actions",state="waiting",app="relay-worker"\} \d+/m);
    expect(response.text).toMatch(
      /^queue_oldest_waiting_job_age_seconds\{queue="relay-actions",app="relay-worker"\} [\d.]+/m,
    );
  });
});

describe('relay-worker configuration', () => {
  it('uses local defaults', () => {
    const config = loadRelayWorkerConfig({});
    expect(config.runtime.appName).toBe('relay-worker');
    expect(config.nats.servers).toEqual(['nats://127.0.0.1:4222']);
    expect(config.driving).toMatchObject({
      concurrency: 8,
      attempts: 5,
      backoffMs: 2000,
      connectTimeoutMs: 5000,
      replyTimeoutMs: 3000,
    });
    expect(config.relaySecurity.allowedTargets.entries).toEqual([]);
  });

  it('names a bad variable in one line', () => {
    expect(() => loadRelayWorkerConfig({ NATS_URL: 'http://nats' })).toThrow(
      "Invalid configuration: NATS_URL must be a URL starting with nats:// or tls://, got 'http://nats'",
    );
    expect(() => loadRelayWorkerConfig({ RELAY_WORKER_CONCURRENCY: '0' })).toThrow(
      "Invalid configuration: RELAY_WORKER_CONCURRENCY must be an integer from 1 to 1000, got '0'",
    );
  });

  it('refuses to run in production without a relay secret key', () => {
    expect(() => loadRelayWorkerConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: RELAY_SECRET_KEY is required',
    );
  });
});
