import {
  ConfigError,
  ConsumerConfig,
  DatabaseConfig,
  NatsConfig,
  RedisConfig,
  RuntimeConfig,
  env,
  readConfig,
  readConsumerConfig,
  readDatabaseConfig,
  readNatsConfig,
  readRedisConfig,
  readRuntimeConfig,
} from '@app/config';
import { DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS, PRODUCT_NAME } from '@app/contracts';
import {
  MAIL_RETRY_DEFAULTS,
  readJobStallConfig,
  readRecordSweepConfig,
  type JobStallConfig,
  type RecordSweepConfig,
} from '@app/messaging';
import { readPushDeliveryConfig, type PushDeliveryConfig } from './push/push-delivery.config';
import { readWebhookDeliveryConfig, type WebhookDeliveryConfig } from './webhooks/webhook-delivery.config';

type Env = Record<string, string | undefined>;

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  /** Both empty: no authentication. */
  user: string;
  password: string;
  /** The sender of every mail, e.g. `Fire Alarm Portal <alarms@example.com>`. */
  from: string;
}

export interface MailDeliveryConfig {
  /** Mails sent at once by this copy. */
  concurrency: number;
  /** Tries per mail before it is recorded as failed. */
  attempts: number;
  /** First retry delay; it doubles on each later try. */
  retryDelayMs: number;
}

export interface MailerConfig {
  runtime: RuntimeConfig;
  database: DatabaseConfig;
  nats: NatsConfig;
  redis: RedisConfig;
  consumers: ConsumerConfig;
  smtp: SmtpConfig;
  delivery: MailDeliveryConfig;
  /** How soon a mail job held by a dead copy runs again (JOB_LOCK_MS, JOB_STALL_CHECK_MS, JOB_MAX_STALLS). */
  jobs: JobStallConfig;
  /** How soon a delivery left queued with no live job is completed (RECORD_SWEEP_AFTER_MS, RECORD_SWEEP_INTERVAL_MS). */
  sweep: RecordSweepConfig;
  /** Where users reach the portal; links in mails start with it (no trailing slash). */
  publicUrl: string;
  /**
   * TIME_DESYNC_THRESHOLD in seconds, as portal-api reads it: an event whose panel clock was further
   * off from its arrival is told with both times in its mail and push.
   */
  timeDesyncThresholdSeconds: number;
  /** How sites' webhooks are posted to (WEBHOOK_*). */
  webhooks: WebhookDeliveryConfig;
  /** How alarms are pushed to users' devices (WEB_PUSH_*, PUSH_*). */
  push: PushDeliveryConfig;
}

const mailerSchema = {
  SMTP_HOST: env.string('127.0.0.1'),
  SMTP_PORT: env.port(25),
  SMTP_SECURE: env.bool(false),
  SMTP_USER: env.string(''),
  SMTP_PASSWORD: env.string(''),
  MAIL_FROM: env.string(`${PRODUCT_NAME} <no-reply@localhost>`),
  PUBLIC_URL: env.url(['http:', 'https:'], 'http://localhost:3000'),
  TIME_DESYNC_THRESHOLD: env.duration(`${DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS}s`),
  MAIL_CONCURRENCY: env.int({ fallback: 4, min: 1, max: 100 }),
  // The mail queue's one retry policy (@app/messaging), which reset mails take as is.
  MAIL_ATTEMPTS: env.int({ fallback: MAIL_RETRY_DEFAULTS.attempts, min: 1, max: 100 }),
  MAIL_RETRY_DELAY_MS: env.int({ fallback: MAIL_RETRY_DEFAULTS.retryDelayMs, min: 10, max: 3_600_000 }),
};

/** An address alone or 'Name <address>'; the address needs an '@'. */
const SENDER_PATTERN = /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/;

export function loadMailerConfig(source: Env = process.env): MailerConfig {
  const values = readConfig(mailerSchema, source);
  if (!SENDER_PATTERN.test(values.MAIL_FROM)) {
    throw new ConfigError('MAIL_FROM', "an address or 'Name <address>'", values.MAIL_FROM);
  }
  // The password is never echoed: only its presence is checked.
  if (values.SMTP_USER && !values.SMTP_PASSWORD)
    throw new ConfigError('SMTP_PASSWORD', 'set when SMTP_USER is set', undefined);
  if (values.SMTP_PASSWORD && !values.SMTP_USER)
    throw new ConfigError('SMTP_USER', 'set when SMTP_PASSWORD is set', undefined);
  return {
    runtime: readRuntimeConfig('mailer', { variable: 'MAILER_HTTP_PORT', default: 7703 }, source),
    database: readDatabaseConfig(source),
    nats: readNatsConfig(source),
    redis: readRedisConfig(source),
    consumers: readConsumerConfig(source),
    smtp: {
      host: values.SMTP_HOST,
      port: values.SMTP_PORT,
      secure: values.SMTP_SECURE,
      user: values.SMTP_USER,
      password: values.SMTP_PASSWORD,
      from: values.MAIL_FROM,
    },
    delivery: {
      concurrency: values.MAIL_CONCURRENCY,
      attempts: values.MAIL_ATTEMPTS,
      retryDelayMs: values.MAIL_RETRY_DELAY_MS,
    },
    jobs: readJobStallConfig(source),
    sweep: readRecordSweepConfig(source),
    publicUrl: values.PUBLIC_URL.replace(/\/+$/, ''),
    timeDesyncThresholdSeconds: values.TIME_DESYNC_THRESHOLD,
    webhooks: readWebhookDeliveryConfig(source),
    push: readPushDeliveryConfig(values.MAIL_FROM, source),
  };
}
