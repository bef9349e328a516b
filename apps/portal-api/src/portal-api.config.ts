import { resolve } from 'node:path';
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
import { EscalationConfig, readEscalationConfig } from './alarms/escalation.config';
import { AuthConfig, readAuthConfig } from './auth/auth.config';
import { PushConfig, readPushConfig } from './push/push.config';
import { RelaysApiConfig, readRelaysApiConfig } from './relays/relays.config';
import { LivefeedConfig, readLivefeedConfig } from './livefeed/livefeed.config';
import { IngestConfig, readIngestConfig } from './ingest/ingest.config';
import { SupportContactConfig, readSupportContactConfig } from './http/support-contact.config';
import { PanelSupervisionConfig, readPanelSupervisionConfig } from './supervision/panel-supervision.config';
import { TestModeConfig, readTestModeConfig } from './test-mode/test-mode.config';
import { WebhooksConfig, readWebhooksConfig } from './webhooks/webhooks.config';

type Env = Record<string, string | undefined>;

export class WebClientConfig {
  constructor(
    /** Folder of the built web client (index.html and assets). */
    readonly distDir: string,
  ) {}
}

/** The proxies between clients and portal-api whose X-Forwarded-For is believed (HTTP_TRUST_PROXY). */
export type TrustedProxies = boolean | number;

/**
 * HTTP_TRUST_PROXY: `false` (none), a number of proxies in front (the client's address is the one
 * the outermost of them saw, counted from the end of X-Forwarded-For, whatever the client put before
 * it), or `true` (every one: the header's first address, which a proxy that appends lets a client choose).
 */
function trustedProxies(variable: string, raw: string | undefined): TrustedProxies {
  const text = (raw ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^[1-9]$/.test(text)) return Number(text);
  throw new ConfigError(variable, 'false, true or the number of proxies in front (1 to 9)', raw);
}

export class HttpConfig {
  constructor(
    /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits use it). */
    readonly trustProxy: TrustedProxies,
    /** Largest JSON body accepted, in bytes; larger ones answer 413 (a declared length at once). */
    readonly bodyLimitBytes: number,
  ) {}
}

export interface PortalApiConfig {
  runtime: RuntimeConfig;
  http: HttpConfig;
  auth: AuthConfig;
  relays: RelaysApiConfig;
  database: DatabaseConfig;
  /** Where the migrations run, as the schema's owner (DATABASE_MIGRATIONS_URL; default DATABASE_URL). */
  migrationsDatabaseUrl: string;
  nats: NatsConfig;
  redis: RedisConfig;
  web: WebClientConfig;
  livefeed: LivefeedConfig;
  ingest: IngestConfig;
  consumers: ConsumerConfig;
  support: SupportContactConfig;
  supervision: PanelSupervisionConfig;
  testMode: TestModeConfig;
  webhooks: WebhooksConfig;
  escalation: EscalationConfig;
  push: PushConfig;
}

export function loadPortalApiConfig(source: Env = process.env): PortalApiConfig {
  const own = readConfig(
    {
      WEB_DIST_DIR: env.string(resolve(process.cwd(), 'dist/web')),
      HTTP_TRUST_PROXY: trustedProxies,
      HTTP_BODY_LIMIT_KB: env.int({ fallback: 100, min: 1, max: 10_240 }),
      DATABASE_MIGRATIONS_URL: env.url(['postgres:', 'postgresql:'], ''),
    },
    source,
  );
  const runtime = readRuntimeConfig('portal-api', { variable: 'PORTAL_OPS_PORT', default: 7704 }, source, {
    variable: 'PORTAL_HTTP_PORT',
    default: 3000,
  });
  const database = readDatabaseConfig(source);
  return {
    runtime,
    http: new HttpConfig(own.HTTP_TRUST_PROXY, own.HTTP_BODY_LIMIT_KB * 1024),
    auth: readAuthConfig(runtime, source),
    relays: readRelaysApiConfig(runtime, source),
    database,
    migrationsDatabaseUrl: own.DATABASE_MIGRATIONS_URL || database.url,
    nats: readNatsConfig(source),
    redis: readRedisConfig(source),
    web: new WebClientConfig(resolve(own.WEB_DIST_DIR)),
    livefeed: readLivefeedConfig(source),
    ingest: readIngestConfig(source),
    consumers: readConsumerConfig(source),
    support: readSupportContactConfig(source),
    supervision: readPanelSupervisionConfig(source),
    testMode: readTestModeConfig(source),
    webhooks: readWebhooksConfig(source),
    escalation: readEscalationConfig(source),
    push: readPushConfig(source),
  };
}
