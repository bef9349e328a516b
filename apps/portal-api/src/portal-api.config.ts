import { resolve } from 'node:path';
import {
  DatabaseConfig,
  NatsConfig,
  RedisConfig,
  RuntimeConfig,
  env,
  readConfig,
  readDatabaseConfig,
  readNatsConfig,
  readRedisConfig,
  readRuntimeConfig,
} from '@app/config';

type Env = Record<string, string | undefined>;

export class WebClientConfig {
  constructor(
    /** Folder of the built web client (index.html and assets). */
    readonly distDir: string,
  ) {}
}

export interface PortalApiConfig {
  runtime: RuntimeConfig;
  database: DatabaseConfig;
  nats: NatsConfig;
  redis: RedisConfig;
  web: WebClientConfig;
}

export function loadPortalApiConfig(source: Env = process.env): PortalApiConfig {
  const own = readConfig({ WEB_DIST_DIR: env.string(resolve(process.cwd(), 'dist/web')) }, source);
  return {
    runtime: readRuntimeConfig('portal-api', 'PORTAL_HTTP_PORT', 3000, source),
    database: readDatabaseConfig(source),
    nats: readNatsConfig(source),
    redis: readRedisConfig(source),
    web: new WebClientConfig(resolve(own.WEB_DIST_DIR)),
  };
}
