import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** Infrastructure modules of the apps that every module may use unasked; each domain module is imported. */
const GLOBAL_IN_APPS: readonly string[] = ['apps/portal-api/src/portal-api-config.module.ts'];

function modules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'web'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...modules(path));
    else if (entry.name.endsWith('.module.ts')) found.push(path);
  }
  return found;
}

/**
 * Only infrastructure is global (the libraries' database, NATS, queues, handlers, platform, and the
 * configuration): a domain module (accounts, panel access, the live feed...) is imported by the
 * modules that use it, so each module's imports say what it depends on.
 */
describe('global modules', () => {
  it('are infrastructure only in the apps', () => {
    const globals = modules(join(ROOT, 'apps'))
      .filter((file) => /@Global\(\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(globals).toEqual(GLOBAL_IN_APPS);
  });
});
