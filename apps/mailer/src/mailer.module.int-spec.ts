import { PRODUCT_VERSION } from '@app/contracts';
import request from 'supertest';
import { healthyReport, createTestEnvironment, opsServerOf, type TestEnvironment } from '@app/testing';
import { loadMailerConfig } from './mailer.config';
import { startMailerTestApp, type MailerTestApp } from './testing/mailer-test-app';
import { SmtpTestServer } from './testing/smtp-test-server';
import { MailerAlarmPathWarmup } from './alerts/mailer-alarm-path-warmup.service';

describe('mailer boot (real services)', () => {
  let environment: TestEnvironment;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    await smtp.start();
    mailer = await startMailerTestApp(environment, smtp.port);
  });

  afterAll(async () => {
    await mailer?.close();
    await smtp.stop();
    await environment?.cleanup();
  });

  it('reports every dependency it uses healthy', async () => {
    const response = await healthyReport(opsServerOf(mailer.app));
    expect(response.body).toEqual({
      status: 'ok',
      app: 'mailer',
      version: PRODUCT_VERSION,
      checks: {
        database: { status: 'up' },
        nats: { status: 'up' },
        redis: { status: 'up' },
        smtp: { status: 'up' },
        panelEventsConsumer: { status: 'up' },
        webhookEventsConsumer: { status: 'up' },
        pushEventsConsumer: { status: 'up' },
      },
    });
  });

  it('reports the SMTP server down while it does not answer', async () => {
    await smtp.stop();
    try {
      const response = await request(opsServerOf(mailer.app)).get('/healthz').expect(503);
      expect(response.body.checks.smtp).toEqual({ status: 'down', reason: expect.stringContaining('ECONNREFUSED') });
    } finally {
      await smtp.start();
    }
  });

  it("runs its alarm path's statements at start, and they run as written", async () => {
    // Its start ran them (a failure is only logged there): run them again, where a failure fails.
    await expect(mailer.app.get(MailerAlarmPathWarmup).warmUp()).resolves.toBeUndefined();
  });

  it('serves Prometheus metrics, the mail counters among them', async () => {
    const response = await request(opsServerOf(mailer.app)).get('/metrics').expect(200);
    expect(response.text).toContain('app="mailer"');
    expect(response.text).toContain('mailer_mails_sent_total');
    expect(response.text).toContain('mailer_event_to_smtp_acceptance_seconds');
  });
});

describe('mailer configuration', () => {
  it('uses local defaults', () => {
    const config = loadMailerConfig({});
    expect(config.runtime.appName).toBe('mailer');
    expect(config.nats.servers).toEqual(['nats://127.0.0.1:4222']);
    expect(config.smtp).toEqual({
      host: '127.0.0.1',
      port: 25,
      secure: false,
      user: '',
      password: '',
      from: 'Fire Alarm Portal <no-reply@localhost>',
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.delivery).toEqual({ concurrency: 4, attempts: 12, retryDelayMs: 5000 });
  });

  it('reads the SMTP server, sender and public URL', () => {
    const config = loadMailerConfig({
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'alarms',
      SMTP_PASSWORD: 's3cret',
      MAIL_FROM: 'alarms@example.com',
      PUBLIC_URL: 'https://portal.example.com/',
      MAIL_CONCURRENCY: '8',
    });
    expect(config.smtp).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      user: 'alarms',
      password: 's3cret',
      from: 'alarms@example.com',
    });
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.delivery.concurrency).toBe(8);
  });

  it('names a bad variable in one line', () => {
    expect(() => loadMailerConfig({ NATS_URL: 'http://nats' })).toThrow(
      "Invalid configuration: NATS_URL must be a URL starting with nats:// or tls://, got 'http://nats'",
    );
    expect(() => loadMailerConfig({ SMTP_PORT: '0' })).toThrow(
      "Invalid configuration: SMTP_PORT must be a port number from 1 to 65535, got '0'",
    );
    expect(() => loadMailerConfig({ MAIL_FROM: 'nobody' })).toThrow(
      "Invalid configuration: MAIL_FROM must be an address or 'Name <address>', got 'nobody'",
    );
    expect(() => loadMailerConfig({ PUBLIC_URL: 'portal' })).toThrow(
      "Invalid configuration: PUBLIC_URL must be a URL starting with http:// or https://, got 'portal'",
    );
  });

  it('never echoes the SMTP password', () => {
    expect(() => loadMailerConfig({ SMTP_USER: 'alarms' })).toThrow(
      'Invalid configuration: SMTP_PASSWORD is required (set when SMTP_USER is set)',
    );
    let message = '';
    try {
      loadMailerConfig({ SMTP_PASSWORD: 'hunter22' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('Invalid configuration: SMTP_USER is required (set when SMTP_PASSWORD is set)');
    expect(message).not.toContain('hunter22');
  });
});
