import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const HERE = __dirname;
const OPERATIONS = join(HERE, '../../docs/operations.md');
const PROMTOOL = process.env.PROMTOOL_BIN ?? 'promtool';

interface RulesFile {
  groups: Array<{ name: string; rules: Array<{ alert?: string; annotations?: Record<string, string> }> }>;
}

/** Runs promtool in this folder; a machine without it is told how to get it (docs/development.md). */
function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(PROMTOOL, args, { cwd: HERE, encoding: 'utf8' });
  if (run.error)
    throw new Error(
      `promtool is needed for the alert rules' tests: apt-get install prometheus (Debian), or PROMTOOL_BIN (${run.error.message})`,
    );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The metric name prefixes of the portal's own apps (the rest come from exporters: NATS, kube-state, …). */
const OWN_PREFIXES = [
  'panel_gateway_',
  'mailer_',
  'relay_',
  'livefeed_',
  'queue_',
  'http_',
  'database_',
  'consumer_',
  'portal_',
];

/** Every metric name the apps and libs register (`name: '…'` of a counter, gauge or histogram). */
function registeredMetricNames(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') visit(path);
      } else if (entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name)) {
        for (const [, name] of readFileSync(path, 'utf8').matchAll(/name: '([a-z][a-z0-9_]*)'/g)) names.add(name!);
      }
    }
  };
  for (const dir of ['apps', 'libs']) visit(join(HERE, '../..', dir));
  return names;
}

/** The portal's own metric names a PromQL expression reads (label matchers and groupings left out). */
function ownMetricsOf(expressions: string[]): string[] {
  const used = expressions.flatMap(
    (expr) =>
      expr
        .replace(/\{[^}]*\}/g, ' ')
        .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ')
        .match(/[a-z][a-z0-9_]*/g) ?? [],
  );
  return [...new Set(used.filter((name) => OWN_PREFIXES.some((prefix) => name.startsWith(prefix))))];
}

/** Those of `names` no app registers (a histogram's series counted as the histogram). */
function unregistered(names: string[]): string[] {
  const registered = registeredMetricNames();
  return names.filter((name) => !registered.has(name.replace(/_(bucket|count|sum)$/, '')));
}

/** The first column of docs/operations.md's "What to watch" table. */
function watchedRows(): string[] {
  const text = readFileSync(OPERATIONS, 'utf8');
  const section = text.slice(text.indexOf('## What to watch'), text.indexOf('### Logs'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| what |') && !line.startsWith('| ---'))
    .map((line) => line.split('|')[1]!.trim());
}

describe('the alert rules (deploy/monitoring, promtool)', () => {
  it('are valid Prometheus rules', () => {
    const { status, output } = promtool('check', 'rules', 'portal-alerts.rules.yml');
    expect([status, output]).toEqual([0, expect.stringContaining('SUCCESS')]);
  });

  it('pass their unit tests: an alarm backlog, panels gone, a stuck consumer, no event stored', () => {
    const { status, output } = promtool('test', 'rules', 'portal-alerts.test.yml');
    expect([status, output]).toEqual([0, expect.stringContaining('SUCCESS')]);
  });

  it("cover every row of docs/operations.md's 'What to watch', and nothing else", () => {
    const rules = (parse(readFileSync(join(HERE, 'portal-alerts.rules.yml'), 'utf8')) as RulesFile).groups.flatMap(
      (group) => group.rules,
    );
    const watched = new Set(rules.map((rule) => rule.annotations?.watch));
    expect([...watched].sort()).toEqual([...new Set(watchedRows())].sort());
    expect(rules.every((rule) => rule.alert && rule.annotations?.summary)).toBe(true);
  });

  it('name only metrics the apps register (a misspelt name would never fire)', () => {
    const text = readFileSync(join(HERE, 'portal-alerts.rules.yml'), 'utf8');
    const own = ownMetricsOf([...text.matchAll(/\bexpr: (.+)$/gm)].map(([, expr]) => expr!));
    expect(own.length).toBeGreaterThan(15);
    expect(unregistered(own)).toEqual([]);
  });
});

describe('the Grafana dashboard (deploy/monitoring/portal-dashboard.json)', () => {
  const dashboard = JSON.parse(readFileSync(join(HERE, 'portal-dashboard.json'), 'utf8')) as {
    uid: string;
    panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
  };

  it('has a query in every panel, and names only metrics the apps register', () => {
    expect(dashboard.uid).toBe('fire-alarm-portal');
    expect(dashboard.panels.every((panel) => panel.title && panel.targets.length > 0)).toBe(true);
    const own = ownMetricsOf(dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)));
    expect(own.length).toBeGreaterThan(8);
    expect(unregistered(own)).toEqual([]);
  });
});
