import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A dump of the database at `url` into `file` with pg_dump, in its custom format: one consistent
 * snapshot, however busy the apps are meanwhile. What a logical backup takes (docs/backup-restore.md).
 */
export async function dumpDatabase(url: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`]);
}

/**
 * The database at `url` put back as `file` holds it, with pg_restore: every table dropped and made
 * again with the dump's rows, in one transaction (all or nothing), so that rows written after the
 * dump are gone, as they are after a restore to that point.
 */
export async function restoreDatabase(url: string, file: string): Promise<void> {
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
}
