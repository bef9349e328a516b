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

export interface RelayWorkerConfig {
  runtime: RuntimeConfig;
  database: DatabaseConfig;
  nats: NatsConfig;
  redis: RedisConfig;
}

export function loadRelayWorkerConfig(source: Env = process.env): RelayWorkerConfig {
  return {
    runtime: readRuntimeConfig('relay-worker', 'RELAY_WORKER_HTTP_PORT', 7702, source),
    database: readDatabaseConfig(source),
    nats: readNatsConfig(source),
    redis: readRedisConfig(source),
  };
}
