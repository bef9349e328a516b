import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../../..');

/** The TypeScript sources under `dir`, tests left out (they play other processes and may use the raw client). */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sources(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.(int-|e2e-)?spec\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** What breaks the rule in one file: the raw client imported, or NatsService's private connection reached. */
function breaches(text: string): string[] {
  const found: string[] = [];
  if (/from '@nats-io\//.test(text) || /import\('@nats-io\//.test(text)) found.push('imports @nats-io');
  if (/\[['"]connection['"]\]/.test(text) || /nats\??\.connection\b/.test(text))
    found.push('reaches the NATS connection');
  return found;
}

/**
 * The raw NATS client stays inside libs/messaging (ESLint's no-restricted-imports says so too): the
 * apps, tools and chaos run publish, request and subscribe through NatsService and the declared
 * message handlers, so every subscription is started, checked and stopped in one place.
 */
describe('raw NATS stays inside libs/messaging', () => {
  it('is neither imported nor reached from apps/, tools/ or chaos/', () => {
    const files = ['apps', 'tools', 'chaos'].flatMap((dir) => sources(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      breaches(readFileSync(file, 'utf8')).map((what) => `${relative(ROOT, file)} ${what}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds a breach where there is one', () => {
    expect(breaches("import { connect } from '@nats-io/transport-node';")).toEqual(['imports @nats-io']);
    expect(breaches('this.nats.connection.subscribe(subject)')).toEqual(['reaches the NATS connection']);
    expect(breaches("const raw = nats['connection'];")).toEqual(['reaches the NATS connection']);
    expect(breaches('this.nats.publish(subject, message)')).toEqual([]);
  });
});
