import {
  DatabaseConfig,
  NatsConfig,
  RedisConfig,
  RuntimeConfig,
  readDatabaseConfig,
  readNatsConfig,
  readRedisConfig,
  readRuntimeConfig,
} from '@app/config';

type Env = Record<string, string | undefined>;

export interface MailerConfig {
  runtime: RuntimeConfig;
  database: DatabaseConfig;
  nats: NatsConfig;
  redis: RedisConfig;
}

export function loadMailerConfig(source: Env = process.env): MailerConfig {
  return {
    runtime: readRuntimeConfig('mailer', 'MAILER_HTTP_PORT', 7703, source),
    database: readDatabaseConfig(source),
    nats: readNatsConfig(source),
    redis: readRedisConfig(source),
  };
}
