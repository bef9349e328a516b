import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigError } from '@app/config';
import { loadPanelGatewayConfig } from '../apps/panel-gateway/src/panel-gateway.config';
import { loadPortalApiConfig } from '../apps/portal-api/src/portal-api.config';
import { loadRelayWorkerConfig } from '../apps/relay-worker/src/relay-worker.config';
import { APP_LOADERS, appContainersOf, loadAppConfig, standInSecret } from './test/app-containers.util';
import { findUnknownFields } from './test/known-fields.util';
import { type K8sObject, buildKustomization, parseEnvFile, readManifestFile } from './test/kustomize-build.util';
import { EXTERNAL_SECRETS, findBrokenReferences, probesOf } from './test/manifest-references.util';
import { natsRoutes, natsSetting } from './test/nats-config.util';
import { describeObject, validateAgainstSchemas } from './test/schema-validation.util';
import {
  type Workload,
  containerPortNumber,
  findObject,
  selectedWorkloads,
  workloadSpec,
  workloadsOf,
} from './test/workload.util';

/*
 * The production set-up as `kubectl apply -k deploy/overlays/production` would send it: built with
 * the subset of kustomize deploy/ uses (the Secret from the committed secrets.env.example), then
 * checked against the Kubernetes schemas, for fields Kubernetes does not know, for references that
 * do not resolve, and against what the apps themselves need: each container's environment goes
 * through its app's own config loader, as at boot in production.
 */

const ROOT = join(__dirname, '..');
const OVERLAY = join(__dirname, 'overlays/production');
const BASE = join(__dirname, 'base');
const readEnvExample = (path: string) => readFileSync(`${path}.example`, 'utf8');
const objects = buildKustomization(OVERLAY, { readEnvFile: readEnvExample });
const workloads = workloadsOf(objects);
const NAMESPACE = 'fire-alarm-portal';

/** Every container running one of the apps, with the environment it starts with. */
const appContainers = (secretValue: (secret: string, key: string) => string) => appContainersOf(objects, secretValue);

function natsStatefulSet(): { workload: Workload; conf: string; container: IContainer } {
  const workload = workloads.find(
    (candidate) => candidate.object.kind === 'StatefulSet' && candidate.object.metadata.name === 'nats',
  );
  if (!workload) throw new Error('no StatefulSet nats');
  const container = workload.pod.containers.find((candidate) => candidate.name === 'nats')!;
  const configVolume = workload.pod.volumes?.find((volume) => volume.configMap);
  const configMap = findObject(objects, 'ConfigMap', configVolume?.configMap?.name ?? '', NAMESPACE);
  const conf = (configMap?.data as Record<string, string>)['nats.conf'];
  return { workload, conf, container };
}

describe('deploy/overlays/production', () => {
  let filesDir: string;
  beforeAll(() => (filesDir = mkdtempSync(join(tmpdir(), 'deploy-manifests-'))));
  afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

  it('builds from listed files only, and lists every manifest file of the base', () => {
    const listed = new Set<string>();
    const collect = (dir: string) => {
      const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as { resources?: string[] };
      for (const entry of kustomization.resources ?? []) {
        const path = join(dir, entry);
        if (existsSync(join(path, 'kustomization.yaml'))) collect(path);
        else listed.add(relative(__dirname, path));
      }
    };
    collect(OVERLAY);
    const yamlFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? yamlFiles(join(dir, entry.name))
          : entry.name.endsWith('.yaml') && entry.name !== 'kustomization.yaml'
            ? [relative(__dirname, join(dir, entry.name))]
            : [],
      );
    expect(yamlFiles(BASE).sort()).toEqual([...listed].sort());
    expect(objects.length).toBeGreaterThan(20);
  });

  it('passes the Kubernetes JSON schemas, every object', () => {
    expect(validateAgainstSchemas(objects)).toEqual([]);
  });

  it('has no field Kubernetes does not know', () => {
    expect(findUnknownFields(objects)).toEqual([]);
  });

  it('resolves every reference: selectors, ports, probes, ConfigMaps, Secrets, volumes, autoscalers', () => {
    expect(findBrokenReferences(objects, EXTERNAL_SECRETS)).toEqual([]);
  });

  it('puts everything in one namespace and keeps no real secret in the repository', () => {
    const elsewhere = objects.filter(
      (object) => object.kind !== 'Namespace' && object.metadata.namespace !== NAMESPACE,
    );
    expect(elsewhere.map(describeObject)).toEqual([]);
    expect(objects.filter((object) => object.kind === 'Secret').map(describeObject)).toEqual([
      `Secret/${NAMESPACE}/portal-secrets`,
    ]);
    // Placeholders only: REPLACE_ME, which the apps refuse at boot (below), or what may stay empty
    // (the SMTP credentials; the VAPID pair, push then off).
    const example = parseEnvFile(readEnvExample(join(OVERLAY, 'secrets.env')));
    const mayBeEmpty = (key: string) => key.startsWith('SMTP_') || key.startsWith('WEB_PUSH_VAPID_');
    const notPlaceholders = Object.entries(example).filter(
      ([key, value]) => value !== (mayBeEmpty(key) ? '' : 'REPLACE_ME'),
    );
    expect(notPlaceholders).toEqual([]);
    expect(readFileSync(join(OVERLAY, '.gitignore'), 'utf8')).toMatch(/^secrets\.env$/m);
    // Every key of the Secret is read by some container (an app, or the NATS servers for the users'
    // passwords): none is kept for nothing.
    const read = workloads.flatMap((workload) =>
      workload.pod.containers.flatMap((container) =>
        (container.env ?? []).flatMap((variable) => variable.valueFrom?.secretKeyRef?.key ?? []),
      ),
    );
    expect(Object.keys(example).sort()).toEqual([...new Set(read)].sort());
  });

  it('runs one Deployment per backend app, all from the one image, APP naming the app', () => {
    const apps = readdirSync(join(ROOT, 'apps')).filter((app) => existsSync(join(ROOT, 'apps', app, 'src/main.ts')));
    const containers = appContainers(standInSecret);
    expect([...new Set(containers.map(({ app }) => app))].sort()).toEqual(apps.sort());
    expect(Object.keys(APP_LOADERS).sort()).toEqual(apps.sort());
    for (const { app, workload, container } of containers) {
      expect([app, workload.object.kind, workload.object.metadata.name]).toEqual([app, 'Deployment', app]);
      expect(container.image).toBe('registry.example.com/fire-alarm-portal:0.1.0');
    }
    // The Dockerfile starts the app APP names.
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toContain('dist/apps/${APP}/apps/${APP}/src/main.js');
  });

  it('starts every app container: its own config loader accepts its environment, in production', () => {
    const unset: string[] = [];
    for (const appContainer of appContainers(standInSecret)) {
      const { app, container, env } = appContainer;
      const config = loadAppConfig(appContainer, filesDir) as {
        runtime: { isProduction: boolean; opsPort: number; publicPort: number | null };
      };
      expect([container.name, config.runtime.isProduction]).toEqual([container.name, true]);
      // The probes ask the ops port, where the app serves /healthz and /metrics.
      for (const [probeName, probe] of probesOf(container)) {
        const port = containerPortNumber(container, probe.httpGet!.port);
        expect([container.name, probeName, port]).toEqual([container.name, probeName, config.runtime.opsPort]);
      }
      // Variables whose defaults only suit a development machine (localhost, example contacts) are set.
      const mustSet = ['NODE_ENV'];
      if ('database' in config) mustSet.push('DATABASE_URL');
      if ('nats' in config) mustSet.push('NATS_URL', 'NATS_STREAM_REPLICAS');
      if ('redis' in config) mustSet.push('REDIS_URL');
      if ('smtp' in config) mustSet.push('SMTP_HOST', 'SMTP_PORT', 'MAIL_FROM');
      if ('publicUrl' in config) mustSet.push('PUBLIC_URL');
      if ('http' in config) mustSet.push('HTTP_TRUST_PROXY');
      if ('support' in config) mustSet.push('SUPPORT_PHONE', 'SUPPORT_EMAIL', 'SUPPORT_ADDRESS', 'PROVIDER_NAME');
      unset.push(
        ...mustSet.filter((variable) => !(variable in env)).map((variable) => `${app} ${container.name}: ${variable}`),
      );
    }
    expect(unset).toEqual([]);
  });

  it('gives each gateway process its own id, its panel port, and TLS on the TLS port only', () => {
    const gateways = appContainers(standInSecret).filter(({ app }) => app === 'panel-gateway');
    const loaded = gateways.map((gateway) => ({
      gateway,
      config: loadAppConfig(gateway, filesDir) as ReturnType<typeof loadPanelGatewayConfig>,
    }));
    expect(loaded.map(({ gateway }) => gateway.container.name).sort()).toEqual(['gateway-tcp', 'gateway-tls']);
    expect(new Set(loaded.map(({ config }) => config.listener.gatewayId)).size).toBe(2);
    // How the Service is reached from outside is the edge component's (deploy-components.spec.ts).
    const service = findObject(objects, 'Service', 'panel-gateway', NAMESPACE)!;
    const serviceSpec = service.spec as { ports: Array<{ name: string; targetPort: string }> };
    for (const { gateway, config } of loaded) {
      const tls = gateway.container.name === 'gateway-tls';
      expect([gateway.container.name, config.listener.tls !== null]).toEqual([gateway.container.name, tls]);
      const panelPort = serviceSpec.ports.find((port) => port.name === (tls ? 'panel-tls' : 'panel-tcp'))!;
      expect(containerPortNumber(gateway.container, panelPort.targetPort)).toBe(config.listener.port);
      expect(config.listener.gatewayId).toContain(gateway.workload.object.metadata.name);
    }
  });

  // The routes or the Ingress in front of it: deploy-components.spec.ts.
  it("puts portal-api's public port, never its ops port, behind its Service", () => {
    const api = appContainers(standInSecret).find(({ app }) => app === 'portal-api')!;
    const config = loadAppConfig(api, filesDir) as ReturnType<typeof loadPortalApiConfig>;
    const service = findObject(objects, 'Service', 'portal-api', NAMESPACE)!;
    const servicePorts = (service.spec as { ports: Array<{ name: string; targetPort: string }> }).ports;
    expect(servicePorts.map((port) => containerPortNumber(api.container, port.targetPort))).toEqual([
      config.runtime.publicPort,
    ]);
    expect(config.runtime.opsPort).not.toBe(config.runtime.publicPort);
  });

  it('reads in every app each setting of the shared ConfigMap', () => {
    const configMap = findObject(objects, 'ConfigMap', 'portal-config', NAMESPACE)!;
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? entry.name === 'node_modules' || entry.name === 'web'
            ? []
            : sources(join(dir, entry.name))
          : /(?<!\.spec)(?<!\.int-spec)\.ts$/.test(entry.name)
            ? [readFileSync(join(dir, entry.name), 'utf8')]
            : [],
      );
    const code = [...sources(join(ROOT, 'apps')), ...sources(join(ROOT, 'libs'))].join('\n');
    // A misspelt key would be ignored by every app, which would then run on the default.
    const unread = Object.keys(configMap.data as object).filter((key) => !new RegExp(`\\b${key}\\b`).test(code));
    expect(unread).toEqual([]);
  });

  it('points every app at the three NATS servers, with streams replicated on all three', () => {
    const { workload, container } = natsStatefulSet();
    const spec = workloadSpec(workload) as { replicas: number };
    const serviceName = (workload.object.spec as { serviceName: string }).serviceName;
    const clientPort = containerPortNumber(container, 'client');
    const expected = Array.from({ length: spec.replicas }, (_, i) => `nats://nats-${i}.${serviceName}:${clientPort}`);
    expect(spec.replicas).toBe(3);
    for (const appContainer of appContainers(standInSecret)) {
      const { container, env } = appContainer;
      const config = loadAppConfig(appContainer, filesDir) as { nats: { servers: string[] } };
      expect([container.name, config.nats.servers, env.NATS_STREAM_REPLICAS]).toEqual([container.name, expected, '3']);
    }
  });

  it('runs NATS as a three-server JetStream cluster: routes to each, synced writes, stores on volumes', () => {
    const { workload, conf, container } = natsStatefulSet();
    const serviceName = (workload.object.spec as { serviceName: string }).serviceName;
    const clusterPort = containerPortNumber(container, 'cluster');
    expect(natsRoutes(conf)).toEqual([0, 1, 2].map((i) => `nats://nats-${i}.${serviceName}:${clusterPort}`));
    expect(natsSetting(conf, 'sync_interval')).toBe('always');
    expect(natsSetting(conf, 'listen')).toBe(`0.0.0.0:${containerPortNumber(container, 'client')}`);
    expect(natsSetting(conf, 'http')).toBe(`0.0.0.0:${containerPortNumber(container, 'monitor')}`);
    // A stable name per server (the pod's), which JetStream's replicas are tied to.
    expect(natsSetting(conf, 'server_name')).toBe('$SERVER_NAME');
    expect(container.env?.find((variable) => variable.name === 'SERVER_NAME')?.valueFrom?.fieldRef?.fieldPath).toBe(
      'metadata.name',
    );
    // The store on the server's own volume; the pid file (for lame duck mode) on a writable one.
    const mountOf = (path: string) =>
      container.volumeMounts?.find((mount) => path === mount.mountPath || path.startsWith(`${mount.mountPath}/`));
    expect(mountOf(natsSetting(conf, 'store_dir')!)?.name).toBe(workload.claimNames[0]);
    const pidFile = natsSetting(conf, 'pid_file')!;
    expect(workload.pod.volumes?.find((volume) => volume.name === mountOf(pidFile)?.name)?.emptyDir).toBeDefined();
    expect(container.lifecycle?.preStop?.exec?.command?.join(' ')).toContain(`ldm=${pidFile}`);
    // Never two servers on one node.
    const antiAffinity = workload.pod.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
    expect(antiAffinity.map((term) => term.topologyKey)).toContain('kubernetes.io/hostname');
  });

  it('gives every container probes, resources and a locked-down security context', () => {
    for (const { object, pod } of workloads) {
      expect([describeObject(object), pod.automountServiceAccountToken, pod.securityContext?.runAsNonRoot]).toEqual([
        describeObject(object),
        false,
        true,
      ]);
      for (const container of pod.containers) {
        const name = `${describeObject(object)} ${container.name}`;
        const security = container.securityContext;
        expect([
          name,
          security?.allowPrivilegeEscalation,
          security?.readOnlyRootFilesystem,
          security?.capabilities?.drop,
        ]).toEqual([name, false, true, ['ALL']]);
        const resources = container.resources;
        expect([name, !!resources?.requests?.cpu, !!resources?.requests?.memory, !!resources?.limits?.memory]).toEqual([
          name,
          true,
          true,
          true,
        ]);
        if (container.name === 'metrics') continue; // the NATS exporter sidecar
        expect([name, probesOf(container).map(([probeName]) => probeName)]).toEqual([
          name,
          ['startup', 'liveness', 'readiness'],
        ]);
      }
    }
  });

  it('never restarts an app for a dependency: liveness asks /metrics, with room for slow answers', () => {
    for (const { app, container } of appContainers(standInSecret)) {
      const liveness = container.livenessProbe!;
      expect([app, liveness.httpGet?.path]).toEqual([app, '/metrics']);
      // At least a minute without an answer before a restart.
      expect((liveness.periodSeconds ?? 10) * (liveness.failureThreshold ?? 3)).toBeGreaterThanOrEqual(60);
      // /healthz waits up to 3 s per dependency check.
      expect(container.readinessProbe!.timeoutSeconds).toBeGreaterThan(3);
    }
  });

  it('spreads the copies of each workload over nodes, and budgets their disruptions', () => {
    for (const workload of workloads) {
      const { object, pod } = workload;
      const spreadByNode = (pod.topologySpreadConstraints ?? []).some(
        (constraint) =>
          constraint.topologyKey === 'kubernetes.io/hostname' && constraint.whenUnsatisfiable === 'DoNotSchedule',
      );
      const separatedByNode = (
        pod.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []
      ).some((term) => term.topologyKey === 'kubernetes.io/hostname');
      expect([describeObject(object), spreadByNode || separatedByNode]).toEqual([describeObject(object), true]);
      const budgets = objects.filter(
        (candidate) =>
          candidate.kind === 'PodDisruptionBudget' &&
          selectedWorkloads(
            [workload],
            object.metadata.namespace,
            (candidate.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
          ).length > 0,
      );
      expect([
        describeObject(object),
        budgets.map((budget) => (budget.spec as { maxUnavailable: number }).maxUnavailable),
      ]).toEqual([describeObject(object), [1]]);
    }
  });

  it('rolls out with no copy down, and lets each app stop within its grace period', () => {
    for (const workload of workloads.filter(({ object }) => object.kind === 'Deployment')) {
      const strategy = (workload.object.spec as { strategy: { rollingUpdate: { maxUnavailable: number } } }).strategy;
      expect([describeObject(workload.object), strategy.rollingUpdate.maxUnavailable]).toEqual([
        describeObject(workload.object),
        0,
      ]);
      for (const container of workload.pod.containers) {
        const preStop = container.lifecycle?.preStop?.exec?.command ?? [];
        const sleep = preStop[0] === 'sleep' ? Number(preStop[1]) : 0;
        expect(workload.pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(sleep + 15);
      }
    }
    // A relay job may wait RELAY_BOARD_WAIT_MS for its board, then connect: the stop waits for it.
    const relayWorker = appContainers(standInSecret).find(({ app }) => app === 'relay-worker')!;
    const { driving } = loadAppConfig(relayWorker, filesDir) as ReturnType<typeof loadRelayWorkerConfig>;
    expect(relayWorker.workload.pod.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(
      driving.boardWaitMs + driving.connectTimeoutMs,
    );
  });

  it('stops every app at boot while a placeholder of secrets.env.example is left in', () => {
    const example = parseEnvFile(readEnvExample(join(OVERLAY, 'secrets.env')));
    for (const appContainer of appContainers((_secret, key) => example[key])) {
      const secretVariables = (appContainer.container.env ?? [])
        .filter((variable) => variable.valueFrom?.secretKeyRef && example[variable.valueFrom.secretKeyRef.key] !== '')
        .map((variable) => variable.name);
      // Mounted files are written, so that only a placeholder can be what stops it.
      const boot = () => loadAppConfig(appContainer, filesDir);
      expect(boot).toThrow(ConfigError);
      expect(boot).toThrow(new RegExp(`: (${secretVariables.join('|')}) `));
    }
  });

  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  // The real kustomize, where kubectl is installed: this file's build must be the same as its.
  (kubectl.status === 0 ? it : it.skip)('builds the same objects as kubectl kustomize', () => {
    const copy = mkdtempSync(join(tmpdir(), 'deploy-kustomize-'));
    try {
      cpSync(__dirname, copy, { recursive: true, filter: (source) => !source.endsWith('secrets.env') });
      writeFileSync(join(copy, 'overlays/production/secrets.env'), readEnvExample(join(OVERLAY, 'secrets.env')));
      const built = spawnSync('kubectl', ['kustomize', join(copy, 'overlays/production')], { encoding: 'utf8' });
      expect(built.stderr).toBe('');
      const theirs = parseAllDocuments(built.stdout).map((document) => document.toJS() as K8sObject);
      // kustomize suffixes a generated Secret's name with a hash of its content, everywhere it is named.
      const unhashed = JSON.parse(
        JSON.stringify(theirs).replace(/"portal-secrets-[a-z0-9]{10}"/g, '"portal-secrets"'),
      ) as K8sObject[];
      const byName = (list: K8sObject[]) => Object.fromEntries(list.map((object) => [describeObject(object), object]));
      expect(byName(unhashed)).toEqual(byName(objects));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('the checks', () => {
  const deployment = (overrides: Record<string, unknown> = {}, container: Record<string, unknown> = {}): K8sObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'broken', namespace: NAMESPACE },
    spec: {
      selector: { matchLabels: { app: 'broken' } },
      template: {
        metadata: { labels: { app: 'broken' } },
        spec: {
          containers: [{ name: 'app', image: 'app:1', ports: [{ name: 'http', containerPort: 80 }], ...container }],
        },
      },
      ...overrides,
    },
  });

  it('reports a document the schema refuses', () => {
    const problems = validateAgainstSchemas([
      deployment(),
      deployment({ replicas: 'two' }),
      { ...deployment(), kind: 'Deploymnet' },
    ]);
    expect(problems).toEqual([
      { object: `Deployment/${NAMESPACE}/broken`, message: expect.stringContaining('replicas must be integer') },
      { object: `Deploymnet/${NAMESPACE}/broken`, message: 'no schema for apps/v1 Deploymnet' },
    ]);
  });

  it('reports a field Kubernetes does not know, and a value of the wrong type', () => {
    const problems = findUnknownFields([
      deployment({}, { readinesProbe: { httpGet: { path: '/', port: 'http' } } }),
      deployment({ replicas: 'two' }),
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0].message).toContain("'readinesProbe' does not exist in type 'IContainer'");
    expect(problems[1].message).toContain("Type 'string' is not assignable to type 'number'");
    expect(findUnknownFields([deployment()])).toEqual([]);
  });

  it('reports a Service, a probe, an autoscaler and a pod naming what is not there', () => {
    const service: K8sObject = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'nobody', namespace: NAMESPACE },
      spec: { selector: { app: 'nobody' }, ports: [{ port: 80, targetPort: 'http' }] },
    };
    const autoscaler: K8sObject = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'broken', namespace: NAMESPACE },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'broken' }, maxReplicas: 3 },
    };
    const broken = deployment(
      { replicas: 2 },
      {
        livenessProbe: { httpGet: { path: '/metrics', port: 'metrics' } },
        envFrom: [{ configMapRef: { name: 'missing' } }],
        volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
      },
    );
    const messages = findBrokenReferences([service, autoscaler, broken], []).map(({ message }) => message);
    expect(messages.sort()).toEqual(
      [
        "container app: the liveness probe's port metrics is not a port of the container",
        'container app: envFrom ConfigMap missing does not exist',
        'container app mounts tmp, which is not a volume of the pod',
        'selects no pods of any Deployment or StatefulSet',
        "Deployment/broken sets replicas, which every apply would put back over the autoscaler's",
      ].sort(),
    );
  });

  it('refuses a kustomization field the build would skip', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-kustomize-'));
    try {
      writeFileSync(join(dir, 'kustomization.yaml'), 'resources: []\ncommonLabels:\n  team: portal\n');
      expect(() => buildKustomization(dir, { readEnvFile: readEnvExample })).toThrow(
        'fields this build does not support: commonLabels',
      );
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        'resources: [a.yaml]\npatches:\n  - target: {kind: ConfigMap, name: b}\n    patch: "[]"\n',
      );
      writeFileSync(join(dir, 'a.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
      expect(() => buildKustomization(dir, { readEnvFile: readEnvExample })).toThrow(
        'patch target ConfigMap/b matches 0',
      );
      expect(readManifestFile(join(dir, 'a.yaml'))).toEqual([
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
