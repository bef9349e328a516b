import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { DatabasePoolMetrics } from './database-pool.metrics';
import { onEachKeptConnection } from './each-kept-connection.util';
import { DATABASE_MODULE_OPTIONS } from './database.constants';
import type { DatabaseModuleAsyncOptions, DatabaseModuleOptions } from './database-module-options.types';
import { ensureDatabaseExists } from './ensure-database.util';
import { runMigrations } from './run-migrations';
import { DatabaseHealth } from './database-health.registration';

/** Destroys the DataSource when the app shuts down, after in-flight work has finished. */
@Injectable()
export class DatabaseShutdown implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

async function openDataSource(options: DatabaseModuleOptions): Promise<DataSource> {
  const migrationsUrl =
    options.runMigrations && options.migrationsUrl !== options.url ? options.migrationsUrl : undefined;
  if (options.ensureDatabase) await ensureDatabaseExists(migrationsUrl ?? options.url);
  if (migrationsUrl) await migrateAsOwner({ ...options, url: migrationsUrl });
  const dataSource = createDataSource(options);
  await dataSource.initialize();
  try {
    if (options.runMigrations && !migrationsUrl) await runMigrations(dataSource);
    await openKeptConnections(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/** The migrations on a connection of the owner's own, closed before the app's pool opens. */
async function migrateAsOwner(options: DatabaseModuleOptions): Promise<void> {
  const owner = createDataSource({ ...options, poolSize: 1, statementTimeoutMs: 0 });
  await owner.initialize();
  try {
    await runMigrations(owner);
  } finally {
    await owner.destroy();
  }
}

/** Opens the connections the pool keeps (keptOpenOf) at start, not at the first alarm. */
function openKeptConnections(dataSource: DataSource): Promise<void> {
  return onEachKeptConnection(dataSource, (manager) => manager.query('SELECT 1'));
}

const DATA_SOURCE_PROVIDER: Provider = {
  provide: DataSource,
  useFactory: openDataSource,
  inject: [DATABASE_MODULE_OPTIONS],
};

/**
 * Provides the initialised DataSource, injected by its class. Repositories are not providers:
 * a service takes the DataSource and calls `dataSource.getRepository(SomeEntity)` (or runs a
 * transaction on it), which keeps one way to reach the database and no extra tokens.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE_MODULE_OPTIONS, useValue: options },
        DATA_SOURCE_PROVIDER,
        DatabaseShutdown,
        DatabaseHealth,
        DatabasePoolMetrics,
      ],
      exports: [DataSource],
    };
  }

  static forRootAsync(options: DatabaseModuleAsyncOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: options.imports ?? [],
      providers: [
        { provide: DATABASE_MODULE_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        DATA_SOURCE_PROVIDER,
        DatabaseShutdown,
        DatabaseHealth,
        DatabasePoolMetrics,
      ],
      exports: [DataSource],
    };
  }
}
