import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { loadMailerConfig } from '../apps/mailer/src/mailer.config';
import { appContainersOf, loadAppConfig, standInSecret, type AppContainer } from './test/app-containers.util';
import {
  GATEWAY_PROXY,
  INGRESS_NGINX,
  INTERNET,
  KUBE_DNS,
  LOOK_ALIKE,
  PROMETHEUS,
  portalPods,
} from './test/cluster-endpoints.util';
import { buildVariants, ofKind, specOf } from './test/component-variants.util';
import { type Endpoint, isAllowed } from './test/network-policy.util';
import type { LabelSelector } from './test/workload.util';

/*
 * The base's NetworkPolicies, with each edge, read by a small evaluator of their rules: the flows
 * between the portal's pods, to the cluster's DNS and out of the cluster are exactly those listed
 * here, and each app reaches what its own configuration names.
 */

const built = buildVariants();

/** Where the apps' loaders find stand-ins for the files mounted from Secrets. */
const filesDir = mkdtempSync(join(tmpdir(), 'deploy-network-policies-files-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
const configOf = <T>(container: AppContainer) => loadAppConfig(container, filesDir) as T;

const APPS = ['portal-api', 'panel-gateway', 'relay-worker', 'mailer'];

describe.each([
  ['edge-gateway-api', 'gateway-system/proxy'],
  ['edge-ingress-nginx', 'ingress-nginx/controller'],
])('the NetworkPolicies, with %s', (variant, edge) => {
  const objects = built[variant];
  const pods = portalPods(objects);
  const sources: Record<string, Endpoint> = {
    ...pods,
    'gateway-system/proxy': GATEWAY_PROXY,
    'ingress-nginx/controller': INGRESS_NGINX,
    'monitoring/prometheus': PROMETHEUS,
    'default/look-alike': LOOK_ALIKE,
    internet: INTERNET,
  };
  const outsiders = ['gateway-system/proxy', 'ingress-nginx/controller', 'monitoring/prometheus', 'default/look-alike'];
  const allows = (from: Endpoint, to: Endpoint, port: number, protocol: 'TCP' | 'UDP' = 'TCP') =>
    isAllowed(objects, { from, to, port, protocol });

  it('isolate every pod of the namespace, both ways', () => {
    const isolated = ofKind(objects, 'NetworkPolicy').filter((policy) => {
      const spec = specOf<{ podSelector: LabelSelector; policyTypes: string[]; ingress?: []; egress?: [] }>(policy);
      return Object.keys(spec.podSelector).length === 0 && !spec.ingress && !spec.egress;
    });
    expect(isolated.map((policy) => specOf<{ policyTypes: string[] }>(policy).policyTypes)).toEqual([
      ['Ingress', 'Egress'],
    ]);
  });

  it('let through exactly these connections to the portal’s pods, from its pods and from outside', () => {
    const allowed = Object.entries(sources).flatMap(([source, from]) =>
      Object.entries(pods).flatMap(([destination, to]) =>
        to.ports
          .filter((port) => allows(from, to, port.containerPort))
          .map((port) => `${source} → ${destination}:${port.name}`),
      ),
    );
    expect(allowed.sort()).toEqual(
      [
        `${edge} → portal-api:http`,
        ...[...outsiders, 'internet'].flatMap((source) => [
          `${source} → panel-gateway:panel-tcp`,
          `${source} → panel-gateway:panel-tls`,
        ]),
        ...['portal-api:ops', 'panel-gateway:ops-tcp', 'panel-gateway:ops-tls', 'relay-worker:ops', 'mailer:ops'].map(
          (port) => `monitoring/prometheus → ${port}`,
        ),
        'monitoring/prometheus → nats:monitor',
        'monitoring/prometheus → nats:metrics',
        ...APPS.map((app) => `${app} → nats:client`),
        'nats → nats:cluster',
      ].sort(),
    );
    // The cases the rules are for, spelt out.
    expect(allows(pods['relay-worker'], pods['portal-api'], 3000)).toBe(false);
    expect(allows(LOOK_ALIKE, pods.nats, 4222)).toBe(false);
    expect(allows(INTERNET, pods['portal-api'], 3000)).toBe(false);
  });

  it('let every pod look names up in the cluster DNS, and reach nothing else of kube-system', () => {
    const lookups = Object.entries(pods).map(([name, pod]) => [
      name,
      allows(pod, KUBE_DNS, 53, 'UDP'),
      allows(pod, KUBE_DNS, 53, 'TCP'),
      allows(pod, KUBE_DNS, 9153),
    ]);
    expect(lookups).toEqual(Object.keys(pods).map((name) => [name, true, true, false]));
  });

  it('let each pod out of the cluster exactly as listed: the databases, SMTP, HTTPS and relay boards', () => {
    const PUBLIC = '203.0.113.7';
    const PRIVATE = '10.20.0.5'; // a managed database or SMTP relay on the private network
    const CLUSTER = '10.96.0.1'; // the Kubernetes API's Service address
    const table: Array<[string, string, number, boolean]> = [
      ['portal-api', PRIVATE, 5432, true],
      ['portal-api', PRIVATE, 6379, true],
      ['portal-api', PUBLIC, 443, false],
      ['portal-api', PUBLIC, 587, false],
      ['panel-gateway', PRIVATE, 5432, true],
      ['panel-gateway', PRIVATE, 6379, false],
      ['panel-gateway', PUBLIC, 443, false],
      ['relay-worker', PRIVATE, 5432, true],
      ['relay-worker', PRIVATE, 6379, true],
      ['relay-worker', PUBLIC, 17123, true],
      ['relay-worker', PUBLIC, 8080, true],
      ['relay-worker', '2001:db8::7', 17123, true],
      ['relay-worker', '192.168.1.20', 17123, false],
      ['relay-worker', 'fd00::7', 17123, false],
      ['relay-worker', CLUSTER, 443, false],
      ['mailer', PRIVATE, 5432, true],
      ['mailer', PRIVATE, 6379, true],
      ['mailer', PRIVATE, 587, true],
      ['mailer', PUBLIC, 587, true],
      ['mailer', PUBLIC, 443, true],
      ['mailer', '2001:db8::7', 443, true],
      ['mailer', CLUSTER, 443, false],
      ['mailer', PUBLIC, 25, false],
      ['mailer', PUBLIC, 17123, false],
      ['nats', PUBLIC, 443, false],
      ['nats', PRIVATE, 6222, false],
    ];
    const actual = table.map(([app, ip, port]) => `${app} → ${ip}:${port} ${allows(pods[app], { ip }, port)}`);
    expect(actual).toEqual(table.map(([app, ip, port, expected]) => `${app} → ${ip}:${port} ${expected}`));
  });

  it('let each app reach what its own configuration names: NATS, PostgreSQL, Redis, the SMTP server', () => {
    const refused = appContainersOf(objects, standInSecret).flatMap((container) => {
      const config = configOf<{
        nats?: { servers: string[] };
        database?: { url: string };
        redis?: { url: string };
        smtp?: ReturnType<typeof loadMailerConfig>['smtp'];
      }>(container);
      const from = pods[container.workload.object.metadata.name];
      // The NATS servers are pods of the StatefulSet (nats-0.nats-headless: pod nats-0); the rest
      // is outside the cluster, at addresses of its own.
      const needs: Array<{ what: string; to: Endpoint; port: number }> = [];
      const portOf = (url: string, fallback: number) => Number(new URL(url).port || fallback);
      for (const server of config.nats?.servers ?? []) {
        const pod = new URL(server).hostname.split('.')[0].replace(/-\d+$/, '');
        needs.push({ what: server, to: pods[pod], port: portOf(server, 4222) });
      }
      if (config.database)
        needs.push({ what: 'DATABASE_URL', to: { ip: '10.20.0.5' }, port: portOf(config.database.url, 5432) });
      if (config.redis)
        needs.push({ what: 'REDIS_URL', to: { ip: '10.20.0.6' }, port: portOf(config.redis.url, 6379) });
      if (config.smtp) needs.push({ what: 'SMTP_HOST:SMTP_PORT', to: { ip: '203.0.113.25' }, port: config.smtp.port });
      return needs
        .filter(({ to, port }) => !allows(from, to, port))
        .map(({ what }) => `${container.container.name}: ${what}`);
    });
    expect(refused).toEqual([]);
  });
});
