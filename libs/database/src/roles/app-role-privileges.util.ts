import type { QueryRunner } from 'typeorm';
import {
  EVERY_TABLE,
  MIGRATIONS_TABLE,
  type AppDatabaseRole,
  type TablePrivilege,
} from './app-database-roles.constants';
import { APP_ROLE_PRIVILEGES } from './app-role-privileges.constants';

/** What one sync changed for one role. */
export interface RolePrivilegeChanges {
  role: AppDatabaseRole;
  granted: string[];
  revoked: string[];
}

const ALL_PRIVILEGES: readonly TablePrivilege[] = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];

/** The privileges `role` is to have on each of `tables` (the schema's tables now). */
export function wantedPrivileges(role: AppDatabaseRole, tables: readonly string[]): Map<string, Set<string>> {
  const declared = APP_ROLE_PRIVILEGES[role];
  const wanted = new Map<string, Set<string>>();
  for (const table of tables) {
    if (table === MIGRATIONS_TABLE) continue;
    const privileges = declared === EVERY_TABLE ? ALL_PRIVILEGES : declared[table];
    if (privileges && privileges.length > 0) wanted.set(table, new Set(privileges));
  }
  return wanted;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Brings each app role that exists to exactly its declared privileges on the schema's tables (and
 * the use of the schema and its sequences), granting what is missing and revoking what is more; a
 * role already right is not touched. Runs as the schema's owner, in the migrations' session.
 */
export async function syncAppRolePrivileges(runner: QueryRunner, schema: string): Promise<RolePrivilegeChanges[]> {
  const roles = Object.keys(APP_ROLE_PRIVILEGES) as AppDatabaseRole[];
  const present = (
    (await runner.query('SELECT rolname FROM pg_roles WHERE rolname = ANY($1)', [roles])) as Array<{ rolname: string }>
  ).map((row) => row.rolname);
  const tables = (
    (await runner.query('SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename', [
      schema,
    ])) as Array<{
      tablename: string;
    }>
  ).map((row) => row.tablename);
  const changes: RolePrivilegeChanges[] = [];
  for (const role of roles.filter((candidate) => present.includes(candidate))) {
    const held = new Map<string, Set<string>>();
    const rows = (await runner.query(
      `SELECT c.relname AS "table", a.privilege_type AS privilege
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         CROSS JOIN LATERAL aclexplode(c.relacl) a
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND a.grantee = (SELECT oid FROM pg_roles WHERE rolname = $2)`,
      [schema, role],
    )) as Array<{ table: string; privilege: string }>;
    for (const row of rows) held.set(row.table, (held.get(row.table) ?? new Set()).add(row.privilege));
    const wanted = wantedPrivileges(role, tables);
    const change: RolePrivilegeChanges = { role, granted: [], revoked: [] };
    for (const table of tables) {
      const has = held.get(table) ?? new Set<string>();
      const wants = wanted.get(table) ?? new Set<string>();
      const grant = [...wants].filter((privilege) => !has.has(privilege));
      const revoke = [...has].filter((privilege) => !wants.has(privilege));
      const target = `${quoted(schema)}.${quoted(table)}`;
      if (grant.length > 0) {
        await runner.query(`GRANT ${grant.join(', ')} ON ${target} TO ${quoted(role)}`);
        change.granted.push(`${table}: ${grant.join(', ')}`);
      }
      if (revoke.length > 0) {
        await runner.query(`REVOKE ${revoke.join(', ')} ON ${target} FROM ${quoted(role)}`);
        change.revoked.push(`${table}: ${revoke.join(', ')}`);
      }
    }
    // The schema's use, and its sequences for the rows a role inserts (nothing else of them).
    await runner.query(`GRANT USAGE ON SCHEMA ${quoted(schema)} TO ${quoted(role)}`);
    await runner.query(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${quoted(schema)} TO ${quoted(role)}`);
    if (change.granted.length > 0 || change.revoked.length > 0) changes.push(change);
  }
  return changes;
}
