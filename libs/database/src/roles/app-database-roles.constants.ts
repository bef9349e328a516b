/**
 * The PostgreSQL roles the apps connect as (docs/operations.md, "PostgreSQL"): the schema belongs to
 * the role that applies the migrations (DATABASE_MIGRATIONS_URL), and each app's own role may only
 * read and write what that app does. runMigrations brings every role that exists to exactly these
 * privileges after each migration run; a role that does not exist is left to be created.
 */
export const APP_DATABASE_ROLES = {
  portalApi: 'portal_api',
  panelGateway: 'panel_gateway',
  relayWorker: 'relay_worker',
  mailer: 'mailer',
} as const;

export type AppDatabaseRole = (typeof APP_DATABASE_ROLES)[keyof typeof APP_DATABASE_ROLES];

export type TablePrivilege = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

/** Reads and writes on every table of the schema but the migrations' own record (no DDL, no TRUNCATE). */
export const EVERY_TABLE = 'every table' as const;

/** The table TypeORM records applied migrations in: only the owner touches it. */
export const MIGRATIONS_TABLE = 'migrations';
