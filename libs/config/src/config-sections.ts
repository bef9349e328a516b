import { ConfigError } from './config-error';
import { env, readConfig } from './env-readers';
import { readPemFile } from './pem-file.util';

/*
 * The configuration sections shared by several apps. Each section is a class so that Nest can
 * inject it by type (`constructor(private readonly nats: NatsConfig)`); an app builds them once
 * at boot from the validated environment and provides them as values.
 */

export class RuntimeConfig {
  constructor(
    /** The app's name in logs, metrics and connection names, e.g. 'portal-api'. */
    readonly appName: string,
    readonly environment: 'development' | 'production' | 'test',
    readonly logLevel: LogLevel,
    /** The operators-only port: /healthz and /metrics (OpsServer), never exposed to the internet. */
    readonly opsPort: number,
    /** The public HTTP port (portal-api's API, live feed and web client); null for the apps without one. */
    readonly publicPort: number | null = null,
  ) {}

  get isProduction(): boolean {
    return this.environment === 'production';
  }
}

export class DatabaseConfig {
  constructor(
    readonly url: string,
    /** Connections in each app's pool (DATABASE_POOL_SIZE). */
    readonly poolSize = 10,
    /** Longest a statement may run before the server cancels it (DATABASE_STATEMENT_TIMEOUT_MS; 0: no limit). */
    readonly statementTimeoutMs = 60_000,
  ) {}

  /** What an app's DataSource is made with. */
  get connection(): { url: string; poolSize: number; statementTimeoutMs: number } {
    return { url: this.url, poolSize: this.poolSize, statementTimeoutMs: this.statementTimeoutMs };
  }
}

export class NatsConfig {
  constructor(
    readonly servers: string[],
    /** Prepended to every subject, stream and bucket (see natsNames); empty in a deployment. */
    readonly prefix: string,
    /**
     * Copies JetStream keeps of every stream and bucket (1 on a single server; 3 or 5 on a cluster
     * of at least as many servers). Applied at boot to existing streams and buckets too.
     */
    readonly streamReplicas: NatsStreamReplicas = 1,
    /** The app's NATS user and TLS to the servers; none: as a server without either wants. */
    readonly security: NatsClientSecurity = {},
  ) {}
}

/** How an app proves who it is to the NATS servers and checks theirs (docs/security.md, "NATS"). */
export interface NatsClientSecurity {
  /** NATS_USER and NATS_PASSWORD: the app's own user, allowed only the app's subjects and streams. */
  user?: { name: string; password: string };
  /**
   * TLS to the servers, PEM text read at boot: NATS_TLS_CA_FILE (the servers' certificates are
   * checked against it), with NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE when the servers ask
   * clients for a certificate.
   */
  tls?: { ca: string; cert?: string; key?: string };
}

/** A replicated stream needs an odd count, so that a majority survives a split. */
export const NATS_STREAM_REPLICAS = ['1', '3', '5'] as const;
export type NatsStreamReplicas = 1 | 3 | 5;

/** A Redis Sentinel's address. */
export interface SentinelAddress {
  host: string;
  port: number;
}

export class RedisConfig {
  constructor(
    /** The server (or, with sentinels, the password, database and TLS of the primary's URL). */
    readonly url: string,
    /** Key prefix of every queue, so several deployments or test runs can share one Redis. */
    readonly prefix: string,
    /** Sentinels to ask for the primary (REDIS_SENTINELS); none: `url` is the server. */
    readonly sentinels: readonly SentinelAddress[] = [],
    /** The primary's name the sentinels monitor (REDIS_SENTINEL_NAME). */
    readonly sentinelName = 'portal',
  ) {}
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const runtimeSchema = {
  NODE_ENV: env.oneOf(['development', 'production', 'test'] as const, 'development'),
  LOG_LEVEL: env.oneOf(LOG_LEVELS, 'info'),
};
export const databaseSchema = {
  DATABASE_URL: env.url(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/portal'),
  DATABASE_POOL_SIZE: env.int({ fallback: 10, min: 1, max: 200 }),
  DATABASE_STATEMENT_TIMEOUT_MS: env.int({ fallback: 60_000, min: 0, max: 3_600_000 }),
};
export const natsSchema = {
  NATS_URL: env.urlList(['nats:', 'tls:'], 'nats://127.0.0.1:4222'),
  NATS_PREFIX: env.name(''),
  NATS_STREAM_REPLICAS: env.oneOf(NATS_STREAM_REPLICAS, '1'),
  NATS_USER: env.string(''),
  NATS_PASSWORD: env.string(''),
  NATS_TLS_CA_FILE: env.string(''),
  NATS_TLS_CERT_FILE: env.string(''),
  NATS_TLS_KEY_FILE: env.string(''),
};
export const redisSchema = {
  REDIS_URL: env.url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  REDIS_PREFIX: env.name('portal'),
  REDIS_SENTINELS: env.hostPortList(),
  REDIS_SENTINEL_NAME: env.name('portal'),
};

type Env = Record<string, string | undefined>;

/** A port variable and its default, e.g. `{ variable: 'MAILER_HTTP_PORT', default: 7703 }`. */
export interface PortSetting {
  variable: string;
  default: number;
}

/** `publicPort`: for the app that serves the internet on a port of its own (portal-api). */
export function readRuntimeConfig(
  appName: string,
  opsPort: PortSetting,
  source: Env = process.env,
  publicPort?: PortSetting,
) {
  const values = readConfig(runtimeSchema, source);
  const port = (setting: PortSetting) =>
    readConfig({ [setting.variable]: env.port(setting.default) }, source)[setting.variable] as number;
  const ops = port(opsPort);
  const open = publicPort ? port(publicPort) : null;
  if (open === ops)
    throw new ConfigError(
      opsPort.variable,
      `a port other than ${publicPort!.variable}'s (the ops port is not public)`,
      String(ops),
    );
  return new RuntimeConfig(appName, values.NODE_ENV, values.LOG_LEVEL, ops, open);
}

export function readDatabaseConfig(source: Env = process.env): DatabaseConfig {
  const values = readConfig(databaseSchema, source);
  return new DatabaseConfig(values.DATABASE_URL, values.DATABASE_POOL_SIZE, values.DATABASE_STATEMENT_TIMEOUT_MS);
}

export function readNatsConfig(source: Env = process.env): NatsConfig {
  const values = readConfig(natsSchema, source);
  return new NatsConfig(
    values.NATS_URL,
    values.NATS_PREFIX,
    Number(values.NATS_STREAM_REPLICAS) as NatsStreamReplicas,
    readNatsSecurity(values),
  );
}

/** Each pair set together or not at all; every file a readable PEM file of its kind. */
function readNatsSecurity(values: ConfigOfNats): NatsClientSecurity {
  const security: NatsClientSecurity = {};
  const both = (a: keyof ConfigOfNats, b: keyof ConfigOfNats): boolean => {
    if (values[a] === '' && values[b] !== '') throw new ConfigError(a, `set together with ${b}`, undefined);
    if (values[b] === '' && values[a] !== '') throw new ConfigError(b, `set together with ${a}`, undefined);
    return values[a] !== '';
  };
  if (both('NATS_USER', 'NATS_PASSWORD')) {
    if (!/^[A-Za-z0-9_-]+$/.test(values.NATS_USER))
      throw new ConfigError('NATS_USER', "letters, digits, '_' or '-' only", values.NATS_USER);
    security.user = { name: values.NATS_USER, password: values.NATS_PASSWORD };
  }
  const clientCertificate = both('NATS_TLS_CERT_FILE', 'NATS_TLS_KEY_FILE');
  if (clientCertificate && values.NATS_TLS_CA_FILE === '')
    throw new ConfigError(
      'NATS_TLS_CA_FILE',
      'set when NATS_TLS_CERT_FILE is (the servers are checked against it)',
      undefined,
    );
  if (values.NATS_TLS_CA_FILE !== '') {
    security.tls = {
      ca: readPemFile('NATS_TLS_CA_FILE', values.NATS_TLS_CA_FILE, 'CERTIFICATE'),
      ...(clientCertificate
        ? {
            cert: readPemFile('NATS_TLS_CERT_FILE', values.NATS_TLS_CERT_FILE, 'CERTIFICATE'),
            key: readPemFile('NATS_TLS_KEY_FILE', values.NATS_TLS_KEY_FILE, 'PRIVATE KEY'),
          }
        : {}),
    };
  }
  return security;
}

type ConfigOfNats = { readonly [K in keyof typeof natsSchema]: ReturnType<(typeof natsSchema)[K]> };

export function readRedisConfig(source: Env = process.env): RedisConfig {
  const values = readConfig(redisSchema, source);
  if (values.REDIS_SENTINELS.length > 0 && values.REDIS_SENTINEL_NAME === '')
    throw new ConfigError('REDIS_SENTINEL_NAME', 'the name the sentinels monitor the primary by', '');
  return new RedisConfig(values.REDIS_URL, values.REDIS_PREFIX, values.REDIS_SENTINELS, values.REDIS_SENTINEL_NAME);
}
