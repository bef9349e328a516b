import type { InjectionToken, ModuleMetadata, OptionalFactoryDependency } from '@nestjs/common';
import type { CreateDataSourceOptions } from './data-source';

export interface DatabaseModuleOptions extends CreateDataSourceOptions {
  /** Create the database when the server lacks it (development and first start). */
  ensureDatabase?: boolean;
  /** Apply pending migrations (under the advisory lock) before the app starts serving. */
  runMigrations?: boolean;
  /**
   * Where the migrations run, as the schema's owner (DATABASE_MIGRATIONS_URL), when the app itself
   * connects as a role that may only read and write; absent: the app's own URL.
   */
  migrationsUrl?: string;
}

export interface DatabaseModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: (InjectionToken | OptionalFactoryDependency)[];
  useFactory: (...args: never[]) => DatabaseModuleOptions | Promise<DatabaseModuleOptions>;
}
