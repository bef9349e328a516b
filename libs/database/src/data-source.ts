import { DataSource } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/portal';

export interface CreateDataSourceOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** A schema of its own (created by runMigrations); the default is the server's search path. */
  schema?: string;
  logging?: boolean;
  /** Connections in the pool (DEFAULT_POOL_SIZE). */
  poolSize?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /**
   * Longest a statement may run before the server cancels it (0 or absent: no limit). A query stuck
   * on a lock or a runaway plan then fails (and is retried, or answered 503) instead of holding a
   * connection of the pool for ever. Migrations run without it (runMigrations).
   */
  statementTimeoutMs?: number;
}

/** Longest wait for a new connection, or for a free one of the pool. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** node-postgres's own default, which TypeORM keeps when no poolSize is given. */
const DEFAULT_POOL_SIZE = 10;

/**
 * Connections the pool keeps open however long they stay idle (the others close after 10 s). Alarms
 * are rare: most come after a quiet spell, and each would otherwise wait for new connections (a few
 * ms each on loopback, more over a network) at the moment speed matters; the relay-worker reads two
 * things at once for each alarm.
 */
export const POOL_KEPT_OPEN = 2;

/** The connections a pool of `poolSize` keeps open: POOL_KEPT_OPEN, or all of a smaller pool. */
export function keptOpenOf(poolSize: number | undefined): number {
  return Math.min(POOL_KEPT_OPEN, poolSize ?? DEFAULT_POOL_SIZE);
}

/** Quiet time on a connection before TCP keepalives start. */
const KEEPALIVE_DELAY_MS = 30_000;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The portal's DataSource: explicit entities and migrations, schema changed only by migrations. */
export function createDataSource(options: CreateDataSourceOptions): DataSource {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`database schema name "${options.schema}" must match ${SCHEMA_NAME}`);
  }
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    logging: options.logging ?? false,
    poolSize: options.poolSize,
    applicationName: options.applicationName,
    // A server that does not answer (stopped, unreachable) fails a query within this bound instead of
    // holding it for ever; the API answers 503 and consumers retry.
    connectTimeoutMS: CONNECT_TIMEOUT_MS,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'migrations',
    // gen_random_uuid() is built into PostgreSQL 13+; no extension is installed on connect.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: {
      min: keptOpenOf(options.poolSize),
      // A kept connection may idle for hours: TCP keepalives hold it open through firewalls that
      // drop quiet flows, and find a peer that vanished before an alarm's query is sent down it.
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      // The migrations' unqualified names then land in the chosen schema too.
      ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
    },
  });
}

/**
 * The DataSource the TypeORM CLI loads (compiled), pointed at DATABASE_URL. The only
 * DataSource export of this file: the CLI refuses a file exporting two.
 */
const dataSource = createDataSource({ url: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL });
export default dataSource;
