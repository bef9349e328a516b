import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { parse, parseAllDocuments, parseDocument } from 'yaml';
import { LIVEFEED_PATH } from '@app/contracts';
import type { loadMailerConfig } from '../apps/mailer/src/mailer.config';
import type { loadPanelGatewayConfig } from '../apps/panel-gateway/src/panel-gateway.config';
import type { loadPortalApiConfig } from '../apps/portal-api/src/portal-api.config';
import { type AppContainer, appContainersOf, loadAppConfig, standInSecret } from './test/app-containers.util';
import { findUnknownFields } from './test/known-fields.util';
import { type K8sObject, buildKustomization } from './test/kustomize-build.util';
import { EXTERNAL_SECRETS, findBrokenReferences } from './test/manifest-references.util';
import { type Endpoint, type PodEndpoint, isAllowed } from './test/network-policy.util';
import { describeObject, validateAgainstSchemas } from './test/schema-validation.util';
import {
  type LabelSelector,
  containerPortNumber,
  findObject,
  matchesLabelSelector,
  workloadsOf,
  workloadsSelectedBy,
} from './test/workload.util';

/*
 * The components of deploy/components on the production overlay, as an operator would list them:
 * the edge (Gateway API routes, the default, or ingress-nginx instead), cert-manager's Certificates,
 * the Prometheus Operator's monitors and rules. Each combination is built (in a copy of deploy/ whose
 * overlay lists it), checked like the overlay itself (schemas, unknown fields, references), and for
 * what it is for. The base's NetworkPolicies are read by a small evaluator of their rules: the
 * flows between the pods, to the cluster's DNS and out of the cluster are exactly those listed here.
 */

const NAMESPACE = 'fire-alarm-portal';
const COMPONENTS = join(__dirname, 'components');
const OVERLAY_FILE = 'overlays/production/kustomization.yaml';
const readEnvExample = (path: string) => readFileSync(`${path}.example`, 'utf8');

/** Each edge alone, then with both optional components: every component is built at least twice. */
const VARIANTS: Record<string, string[]> = {
  'edge-gateway-api': ['edge-gateway-api'],
  'edge-ingress-nginx': ['edge-ingress-nginx'],
  'edge-gateway-api, cert-manager, monitoring': ['edge-gateway-api', 'cert-manager', 'monitoring'],
  'edge-ingress-nginx, cert-manager, monitoring': ['edge-ingress-nginx', 'cert-manager', 'monitoring'],
};

/** A copy of deploy/ (never a secrets.env), so that its overlay can list other components. */
function copyOfDeploy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'deploy-components-'));
  cpSync(__dirname, copy, { recursive: true, filter: (source) => !source.endsWith('secrets.env') });
  return copy;
}

/** Lists `components` in the copy's overlay instead of those it lists, comments kept. */
function listComponents(copy: string, components: string[]): string {
  const document = parseDocument(readFileSync(join(copy, OVERLAY_FILE), 'utf8'));
  document.set(
    'components',
    components.map((component) => `../../components/${component}`),
  );
  writeFileSync(join(copy, OVERLAY_FILE), document.toString());
  return join(copy, 'overlays/production');
}

const built: Record<string, K8sObject[]> = (() => {
  const copy = copyOfDeploy();
  try {
    return Object.fromEntries(
      Object.entries(VARIANTS).map(([name, components]) => [
        name,
        buildKustomization(listComponents(copy, components), { readEnvFile: readEnvExample }),
      ]),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
})();
const committed = buildKustomization(join(__dirname, 'overlays/production'), { readEnvFile: readEnvExample });
const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
const specOf = <T>(object: K8sObject | undefined) => object?.spec as T;

/** Where the apps' loaders find stand-ins for the files mounted from Secrets. */
const filesDir = mkdtempSync(join(tmpdir(), 'deploy-components-files-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

function appContainer(objects: K8sObject[], containerName: string): AppContainer {
  const found = appContainersOf(objects, standInSecret).find(({ container }) => container.name === containerName);
  if (!found) throw new Error(`no app container ${containerName}`);
  return found;
}
const configOf = <T>(container: AppContainer) => loadAppConfig(container, filesDir) as T;
type PortalApiConfig = ReturnType<typeof loadPortalApiConfig>;
type GatewayConfig = ReturnType<typeof loadPanelGatewayConfig>;

interface PortTarget {
  workload: string;
  container: string;
  port: number;
}

/** Each container of the pods a selector picks that declares the port (by name or number). */
function podTargets(objects: K8sObject[], selector: LabelSelector, port: string | number): PortTarget[] {
  return workloadsSelectedBy(workloadsOf(objects), NAMESPACE, selector).flatMap(({ object, pod }) =>
    pod.containers.flatMap((container) => {
      const number = containerPortNumber(container, port);
      return number === undefined ? [] : [{ workload: object.metadata.name, container: container.name, port: number }];
    }),
  );
}

/** Where a Service's port leads. */
function serviceTargets(objects: K8sObject[], name: string, port: number): PortTarget[] {
  const spec = specOf<{ selector: Record<string, string>; ports: Array<{ port: number; targetPort?: string }> }>(
    findObject(objects, 'Service', name, NAMESPACE),
  );
  const target = spec?.ports.find((declared) => declared.port === port)?.targetPort ?? port;
  return podTargets(objects, { matchLabels: spec?.selector }, target);
}
const described = (targets: PortTarget[]) => targets.map(({ container, port }) => `${container}:${port}`);

/** The host of PUBLIC_URL, where users reach the portal. */
function publicHost(objects: K8sObject[]): string {
  const data = findObject(objects, 'ConfigMap', 'portal-config', NAMESPACE)!.data as { PUBLIC_URL: string };
  return new URL(data.PUBLIC_URL).hostname;
}

describe.each(Object.keys(VARIANTS))('the overlay with %s', (variant) => {
  const objects = built[variant];
  const certificateSecrets = ofKind(objects, 'Certificate').map(
    (certificate) => specOf<{ secretName: string }>(certificate).secretName,
  );

  it('passes the Kubernetes JSON schemas, and the custom resources pass theirs', () => {
    expect(validateAgainstSchemas(objects)).toEqual([]);
  });

  it('has no field Kubernetes does not know', () => {
    expect(findUnknownFields(objects)).toEqual([]);
  });

  it('resolves every reference: routes or Ingress, monitors, Certificates, NetworkPolicies', () => {
    // A TLS Secret a Certificate makes must be that Certificate's: not counted as made by hand too.
    const byHand = EXTERNAL_SECRETS.filter((secret) => !certificateSecrets.includes(secret));
    expect(findBrokenReferences(objects, byHand)).toEqual([]);
  });

  it("puts every object in the portal's namespace", () => {
    const elsewhere = objects.filter(
      (object) => object.kind !== 'Namespace' && object.metadata.namespace !== NAMESPACE,
    );
    expect(elsewhere.map(describeObject)).toEqual([]);
  });
});

describe('the components', () => {
  it('are each listed whole: every manifest file of a component is in its kustomization.yaml', () => {
    for (const component of readdirSync(COMPONENTS)) {
      const dir = join(COMPONENTS, component);
      const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
      const files = readdirSync(dir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
      expect([component, kustomization.resources.sort()]).toEqual([component, files.sort()]);
    }
    expect(readdirSync(COMPONENTS).sort()).toEqual([...new Set(Object.values(VARIANTS).flat())].sort());
  });

  it('of the committed overlay are the Gateway API edge alone, which builds as its variant', () => {
    const overlay = parse(readFileSync(join(__dirname, OVERLAY_FILE), 'utf8')) as { components: string[] };
    expect(overlay.components).toEqual(['../../components/edge-gateway-api']);
    expect(committed).toEqual(built['edge-gateway-api']);
  });

  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  (kubectl.status === 0 ? it : it.skip)('build as kubectl kustomize builds them, each combination', () => {
    const copy = copyOfDeploy();
    try {
      writeFileSync(
        join(copy, 'overlays/production/secrets.env'),
        readEnvExample(join(copy, 'overlays/production/secrets.env')),
      );
      const byName = (list: K8sObject[]) => Object.fromEntries(list.map((object) => [describeObject(object), object]));
      for (const [variant, components] of Object.entries(VARIANTS)) {
        const run = spawnSync('kubectl', ['kustomize', listComponents(copy, components)], { encoding: 'utf8' });
        expect([variant, run.stderr]).toEqual([variant, '']);
        // kustomize suffixes a generated Secret's name with a hash of its content, everywhere it is named.
        const theirs = parseAllDocuments(run.stdout).map((document) => document.toJS() as K8sObject);
        const unhashed = JSON.parse(
          JSON.stringify(theirs).replace(/"portal-secrets-[a-z0-9]{10}"/g, '"portal-secrets"'),
        );
        expect([variant, byName(unhashed)]).toEqual([variant, byName(built[variant])]);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

interface RouteSpec {
  parentRefs: Array<{ name: string; namespace: string; sectionName: string }>;
  hostnames?: string[];
  rules: Array<{
    matches?: Array<{ path: { type: string; value: string } }>;
    timeouts?: { request?: string };
    backendRefs: Array<{ name: string; port: number }>;
  }>;
}

describe('the edge', () => {
  const gatewayApi = built['edge-gateway-api'];
  const nginx = built['edge-ingress-nginx'];
  const routes = ['HTTPRoute', 'TCPRoute', 'TLSRoute'].flatMap((kind) => ofKind(gatewayApi, kind));
  const api = appContainer(gatewayApi, 'portal-api');
  const publicPort = configOf<PortalApiConfig>(api).runtime.publicPort;
  const gatewayPorts = ['gateway-tcp', 'gateway-tls'].map((name) => {
    const { listener } = configOf<GatewayConfig>(appContainer(gatewayApi, name));
    return { name, port: listener.port, tls: listener.tls !== null };
  });

  it("routes the web client, API and live feed to portal-api's public port, panels to the two panel ports, nothing else", () => {
    const targets = routes.flatMap((route) =>
      specOf<RouteSpec>(route).rules.flatMap((rule) =>
        rule.backendRefs.flatMap((backend) =>
          described(serviceTargets(gatewayApi, backend.name, backend.port)).map((target) => `${route.kind} ${target}`),
        ),
      ),
    );
    // Plain TCP on the TCP listener's process, TLS on the TLS listener's: the gateway's own settings.
    expect(gatewayPorts.map(({ name, tls }) => [name, tls])).toEqual([
      ['gateway-tcp', false],
      ['gateway-tls', true],
    ]);
    expect(targets.sort()).toEqual(
      [
        `HTTPRoute portal-api:${publicPort}`,
        `HTTPRoute portal-api:${publicPort}`,
        `TCPRoute gateway-tcp:${gatewayPorts[0].port}`,
        `TLSRoute gateway-tls:${gatewayPorts[1].port}`,
      ].sort(),
    );
    // The live feed's websocket is never cut by a request timeout; everything else goes to the same port.
    const rules = specOf<RouteSpec>(findObject(gatewayApi, 'HTTPRoute', 'portal-api', NAMESPACE)).rules;
    expect(rules.map((rule) => [rule.matches?.[0].path.value, rule.timeouts?.request])).toEqual([
      [LIVEFEED_PATH, '0s'],
      ['/', undefined],
    ]);
    expect(ofKind(gatewayApi, 'Ingress')).toEqual([]);
  });

  it("attaches every route to one Gateway, whose namespace alone may use portal-api-tls, on each route's listener", () => {
    const parents = routes.map((route) => [route.kind, specOf<RouteSpec>(route).parentRefs]);
    expect(parents).toEqual([
      ['HTTPRoute', [{ name: 'shared-gateway', namespace: 'gateway-system', sectionName: 'https' }]],
      ['TCPRoute', [{ name: 'shared-gateway', namespace: 'gateway-system', sectionName: 'panel-tcp' }]],
      ['TLSRoute', [{ name: 'shared-gateway', namespace: 'gateway-system', sectionName: 'panel-tls' }]],
    ]);
    const grants = ofKind(gatewayApi, 'ReferenceGrant').map((grant) => grant.spec);
    expect(grants).toEqual([
      {
        from: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', namespace: 'gateway-system' }],
        to: [{ group: '', kind: 'Secret', name: 'portal-api-tls' }],
      },
    ]);
  });

  it('keeps the panels behind the Gateway, or gives them a load balancer of their own that keeps their addresses', () => {
    const panelService = (objects: K8sObject[]) => {
      const spec = specOf<{ type?: string; externalTrafficPolicy?: string }>(
        findObject(objects, 'Service', 'panel-gateway', NAMESPACE),
      );
      return [spec.type ?? 'ClusterIP', spec.externalTrafficPolicy];
    };
    expect(panelService(gatewayApi)).toEqual(['ClusterIP', undefined]);
    expect(panelService(nginx)).toEqual(['LoadBalancer', 'Local']);
    expect(['HTTPRoute', 'TCPRoute', 'TLSRoute', 'ReferenceGrant'].flatMap((kind) => ofKind(nginx, kind))).toEqual([]);
  });

  it("sends the Ingress's one backend to portal-api's public port, over TLS", () => {
    const ingress = specOf<{
      tls: Array<{ secretName: string }>;
      rules: Array<{ http: { paths: Array<{ backend: { service: { name: string; port: { name: string } } } }> } }>;
    }>(findObject(nginx, 'Ingress', 'portal-api', NAMESPACE));
    const backends = ingress.rules.flatMap((rule) => rule.http.paths.map((path) => path.backend.service));
    expect(backends).toEqual([{ name: 'portal-api', port: { name: 'http' } }]);
    const servicePort = specOf<{ ports: Array<{ name: string; port: number }> }>(
      findObject(nginx, 'Service', 'portal-api', NAMESPACE),
    ).ports.find((port) => port.name === 'http')!.port;
    expect(described(serviceTargets(nginx, 'portal-api', servicePort))).toEqual([`portal-api:${publicPort}`]);
    expect(ingress.tls.map((tls) => tls.secretName)).toEqual(['portal-api-tls']);
  });

  it("names the portal by PUBLIC_URL's host everywhere, and the panels by one name: routes, Ingress, certificates", () => {
    for (const variant of Object.keys(VARIANTS)) {
      const objects = built[variant];
      const host = publicHost(objects);
      const names = (kind: string, name: string, read: (spec: never) => string[]) =>
        ofKind(objects, kind)
          .filter((object) => object.metadata.name === name)
          .flatMap((object) => read(object.spec as never));
      const portalNames = [
        ...names('HTTPRoute', 'portal-api', (spec: RouteSpec) => spec.hostnames ?? []),
        ...names(
          'Ingress',
          'portal-api',
          (spec: { tls: Array<{ hosts: string[] }>; rules: Array<{ host: string }> }) => [
            ...spec.tls.flatMap((tls) => tls.hosts),
            ...spec.rules.map((rule) => rule.host),
          ],
        ),
        ...names('Certificate', 'portal-api-tls', (spec: { dnsNames: string[] }) => spec.dnsNames),
      ];
      const panelNames = [
        ...names('TLSRoute', 'panel-gateway-tls', (spec: RouteSpec) => spec.hostnames ?? []),
        ...names('Certificate', 'panel-gateway-tls', (spec: { dnsNames: string[] }) => spec.dnsNames),
      ];
      expect([variant, new Set(portalNames)]).toEqual([variant, new Set([host])]);
      expect([variant, new Set(panelNames).size <= 1]).toEqual([variant, true]);
    }
  });
});

describe('the cert-manager component', () => {
  const objects = built['edge-gateway-api, cert-manager, monitoring'];

  it('makes the TLS Secrets the manifests use and nobody else makes, one Certificate each', () => {
    const made = ofKind(objects, 'Certificate').map(
      (certificate) => specOf<{ secretName: string }>(certificate).secretName,
    );
    expect(made.sort()).toEqual(['panel-gateway-tls', 'portal-api-tls']);
    expect(EXTERNAL_SECRETS).toEqual(expect.arrayContaining(made));
    // Without the Certificates, each of them is still used: findBrokenReferences reports it missing.
    const withoutCertificates = objects.filter((object) => object.kind !== 'Certificate');
    const missing = findBrokenReferences(withoutCertificates, []).map(({ message }) => message);
    for (const secret of made) expect(missing.join('\n')).toContain(`Secret ${secret}`);
  });

  it('lets the gateway follow a renewal: the Secret is a volume mounted whole (no subPath), its files tls.crt and tls.key', () => {
    const gateway = appContainer(objects, 'gateway-tls');
    const { tls } = configOf<GatewayConfig>(gateway).listener;
    expect(tls).not.toBeNull();
    const mountsOfFiles = (gateway.container.volumeMounts ?? []).filter((mount) =>
      [gateway.env.GATEWAY_TLS_CERT_FILE, gateway.env.GATEWAY_TLS_KEY_FILE].some((file) =>
        file.startsWith(`${mount.mountPath}/`),
      ),
    );
    expect(mountsOfFiles.map((mount) => [mount.subPath, mount.subPathExpr])).toEqual([[undefined, undefined]]);
    const volume = gateway.workload.pod.volumes?.find((candidate) => candidate.name === mountsOfFiles[0].name);
    expect(volume?.secret?.secretName).toBe('panel-gateway-tls');
    const files = (volume?.secret?.items ?? []).map((item) => `${mountsOfFiles[0].mountPath}/${item.path} ${item.key}`);
    expect(files.sort()).toEqual(
      [`${gateway.env.GATEWAY_TLS_CERT_FILE} tls.crt`, `${gateway.env.GATEWAY_TLS_KEY_FILE} tls.key`].sort(),
    );
  });
});

describe('the monitoring component', () => {
  const objects = built['edge-ingress-nginx, cert-manager, monitoring'];
  const podMonitor = specOf<{ selector: LabelSelector; podMetricsEndpoints: Array<{ port: string; path: string }> }>(
    findObject(objects, 'PodMonitor', 'portal-apps', NAMESPACE),
  );

  it("scrapes /metrics on every app process's ops port, and never a public port", () => {
    const scraped = appContainersOf(objects, standInSecret).map((container) => {
      const config = configOf<{ runtime: { opsPort: number } }>(container);
      const selected = matchesLabelSelector(podMonitor.selector, container.workload.podLabels);
      const ports = podMonitor.podMetricsEndpoints.flatMap((endpoint) => {
        const number = containerPortNumber(container.container, endpoint.port);
        return number === undefined ? [] : [`${endpoint.path} ${number}`];
      });
      return [container.container.name, selected, ports.join(), `/metrics ${config.runtime.opsPort}`];
    });
    expect(scraped.map(([name, selected, ports]) => [name, selected, ports])).toEqual(
      scraped.map(([name, , , expected]) => [name, true, expected]),
    );
  });

  const serviceMonitor = specOf<{ selector: LabelSelector; endpoints: Array<{ port: string }> }>(
    findObject(objects, 'ServiceMonitor', 'nats', NAMESPACE),
  );
  /** Every port the monitors scrape: the PodMonitor's on its pods, the ServiceMonitor's behind its Services. */
  const scraped = [
    ...podMonitor.podMetricsEndpoints.flatMap(({ port }) => podTargets(objects, podMonitor.selector, port)),
    ...ofKind(objects, 'Service')
      .filter((service) => matchesLabelSelector(serviceMonitor.selector, service.metadata.labels ?? {}))
      .flatMap((service) =>
        specOf<{ ports: Array<{ name: string; port: number }> }>(service)
          .ports.filter((port) => serviceMonitor.endpoints.some((endpoint) => endpoint.port === port.name))
          .flatMap((port) => serviceTargets(objects, service.metadata.name, port.port)),
      ),
  ];

  it('scrapes the NATS exporter of every server through the headless Service', () => {
    const nats = workloadsOf(objects).find(({ object }) => object.metadata.name === 'nats')!;
    const exporter = nats.pod.containers.find((container) => container.name === 'metrics')!;
    expect(described(scraped.filter(({ workload }) => workload === 'nats'))).toEqual([
      `metrics:${exporter.ports![0].containerPort}`,
    ]);
    expect(
      specOf<{ publishNotReadyAddresses: boolean }>(findObject(objects, 'Service', 'nats-headless', NAMESPACE))
        .publishNotReadyAddresses,
    ).toBe(true);
  });

  it('carries the alert rules of deploy/monitoring/portal-alerts.rules.yml, as they are', () => {
    const rulesFile = parse(readFileSync(join(__dirname, 'monitoring/portal-alerts.rules.yml'), 'utf8')) as {
      groups: unknown[];
    };
    const rule = specOf<{ groups: unknown[] }>(findObject(objects, 'PrometheusRule', 'portal-alerts', NAMESPACE));
    const same = JSON.stringify(rule.groups) === JSON.stringify(rulesFile.groups);
    expect([same, 'after changing the rules: node deploy/monitoring/prometheus-rule.mjs']).toEqual([
      true,
      expect.any(String),
    ]);
    expect(rule.groups.length).toBeGreaterThan(0);
  });

  it('is let through by the NetworkPolicies to every port it scrapes', () => {
    const pods = portalPods(objects);
    const refused = scraped.filter(
      ({ workload, port }) => !isAllowed(objects, { from: PROMETHEUS, to: pods[workload], port }),
    );
    // portal-api, the two gateway processes, relay-worker, mailer, the NATS exporter.
    expect([scraped.length, described(refused)]).toEqual([6, []]);
  });
});

/** The namespace labels the API server sets, and a pod there. */
function outsidePod(namespace: string, labels: Record<string, string>, ip: string, ports: PodEndpoint['ports'] = []) {
  return { namespace, namespaceLabels: { 'kubernetes.io/metadata.name': namespace }, labels, ip, ports };
}
// PLACEHOLDER values of the manifests: the Gateway's proxies, ingress-nginx, Prometheus.
const GATEWAY_PROXY = outsidePod('gateway-system', { app: 'proxy' }, '10.244.9.10');
const INGRESS_NGINX = outsidePod('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' }, '10.244.9.11');
const PROMETHEUS = outsidePod('monitoring', { 'app.kubernetes.io/name': 'prometheus' }, '10.244.9.12');
/** A pod of another namespace wearing portal-api's labels. */
const LOOK_ALIKE = outsidePod('default', { 'app.kubernetes.io/name': 'portal-api' }, '10.244.9.13');
const KUBE_DNS = outsidePod('kube-system', { 'k8s-app': 'kube-dns' }, '10.244.9.14', [
  { name: 'dns', containerPort: 53, protocol: 'UDP' },
  { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' },
  { name: 'metrics', containerPort: 9153 },
]);
const INTERNET = { ip: '198.51.100.23' };

/** A pod of each workload of the portal, with an address of the cluster's pod network. */
function portalPods(objects: K8sObject[]): Record<string, PodEndpoint> {
  const namespace = findObject(objects, 'Namespace', NAMESPACE, undefined)!;
  return Object.fromEntries(
    workloadsOf(objects).map(({ object, podLabels, pod }, index) => [
      object.metadata.name,
      {
        namespace: NAMESPACE,
        namespaceLabels: { ...namespace.metadata.labels, 'kubernetes.io/metadata.name': NAMESPACE },
        labels: podLabels,
        ip: `10.244.1.${10 + index}`,
        ports: pod.containers.flatMap((container: IContainer) =>
          (container.ports ?? []).map(({ name, containerPort, protocol }) => ({ name, containerPort, protocol })),
        ),
      },
    ]),
  );
}

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

describe('the checks of components, custom resources and NetworkPolicies', () => {
  const inTemporaryDir = (files: Record<string, string>, check: (dir: string) => void) => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-checks-'));
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      check(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const build = (dir: string) => buildKustomization(dir, { readEnvFile: readEnvExample });
  const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  x: "1"\n`;
  const component = (body: string) => `apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n${body}`;

  it("builds a component onto its parent's objects: its resources join them, its patches reach them all", () => {
    inTemporaryDir(
      {
        'kustomization.yaml': 'resources: [a.yaml]\ncomponents: [c]\nnamespace: n\n',
        'a.yaml': configMap('a'),
        'c/kustomization.yaml': component(
          'resources: [b.yaml]\npatches:\n  - target: {kind: ConfigMap, name: a}\n    patch: "[{op: replace, path: /data/x, value: \'2\'}]"\n',
        ),
        'c/b.yaml': configMap('b'),
      },
      (dir) => {
        expect(build(dir).map((object) => [object.metadata.namespace, object.metadata.name, object.data])).toEqual([
          ['n', 'a', { x: '2' }],
          ['n', 'b', { x: '1' }],
        ]);
      },
    );
  });

  it('refuses a component listed as a resource, a kustomization listed as a component, and an object twice', () => {
    inTemporaryDir(
      { 'kustomization.yaml': 'resources: [c]\n', 'c/kustomization.yaml': component('resources: []\n') },
      (dir) => expect(() => build(dir)).toThrow('a Component is listed under components, never as a resource'),
    );
    inTemporaryDir({ 'kustomization.yaml': 'components: [c]\n', 'c/kustomization.yaml': 'resources: []\n' }, (dir) =>
      expect(() => build(dir)).toThrow('listed as a component, but its kind is Kustomization'),
    );
    inTemporaryDir(
      {
        'kustomization.yaml': 'components: [c]\n',
        'c/kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Component\n',
      },
      (dir) => expect(() => build(dir)).toThrow('the apiVersion of a Component is kustomize.config.k8s.io/v1alpha1'),
    );
    inTemporaryDir(
      {
        'kustomization.yaml': 'resources: [a.yaml]\ncomponents: [c]\n',
        'a.yaml': configMap('a'),
        'c/kustomization.yaml': component('resources: [a.yaml]\n'),
        'c/a.yaml': configMap('a'),
      },
      (dir) => expect(() => build(dir)).toThrow('ConfigMap/~/a is there twice'),
    );
  });

  it("reports a custom resource's misspelt, misplaced or missing field, and a kind with no schema", () => {
    const route = (spec: object): K8sObject => ({
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'TLSRoute',
      metadata: { name: 'r', namespace: NAMESPACE },
      spec,
    });
    const problems = validateAgainstSchemas([
      route({ hostnames: ['panels.example.com'], rules: [{ backendRefs: [{ name: 's', port: 7443 }] }] }),
      route({ hostnames: ['panels.example.com'], rules: [{ backendRef: [{ name: 's', port: 7443 }] }] }),
      route({ rules: [{ backendRefs: [{ name: 's', port: 70000 }] }] }),
      {
        apiVersion: 'monitoring.coreos.com/v1',
        kind: 'PodMonitor',
        metadata: { name: 'm' },
        spec: { selector: {}, podMetricEndpoints: [{ port: 'ops' }] },
      },
      { apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: 'c' }, spec: { secretName: 's' } },
      { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'g' }, spec: {} },
    ]);
    expect(problems.map(({ object, message }) => `${object}: ${message}`)).toEqual([
      `TLSRoute/${NAMESPACE}/r: data/spec/rules/0 must have required property 'backendRefs'`,
      `TLSRoute/${NAMESPACE}/r: data/spec/rules/0 must NOT have additional properties: backendRef`,
      `TLSRoute/${NAMESPACE}/r: data/spec must have required property 'hostnames'`,
      `TLSRoute/${NAMESPACE}/r: data/spec/rules/0/backendRefs/0/port must be <= 65535`,
      'PodMonitor/m: data/spec must NOT have additional properties: podMetricEndpoints',
      "Certificate/c: data/spec must have required property 'issuerRef'",
      'Gateway/g: no schema for gateway.networking.k8s.io/v1 Gateway',
    ]);
  });

  it('reports a route, a monitor or a ReferenceGrant naming what is not there', () => {
    const objects = structuredClone(built['edge-gateway-api, cert-manager, monitoring']);
    const route = findObject(objects, 'TCPRoute', 'panel-gateway-tcp', NAMESPACE)!;
    specOf<RouteSpec>(route).rules[0].backendRefs[0].port = 7701;
    const monitor = findObject(objects, 'PodMonitor', 'portal-apps', NAMESPACE)!;
    specOf<{ podMetricsEndpoints: Array<{ port: string }> }>(monitor).podMetricsEndpoints[0].port = 'metrcs';
    const grant = findObject(objects, 'ReferenceGrant', 'portal-api-tls', NAMESPACE)!;
    specOf<{ to: Array<{ name: string }> }>(grant).to[0].name = 'portal-tls';
    const policy = findObject(objects, 'NetworkPolicy', 'mailer', NAMESPACE)!;
    specOf<{ egress: Array<{ ports: Array<{ port: number }> }> }>(policy).egress[0].ports[0].port = 4223;
    // Every TLS Secret is made here but nats-tls, which its CA makes outside.
    expect(findBrokenReferences(objects, ['nats-tls']).map(({ object, message }) => `${object}: ${message}`)).toEqual([
      `NetworkPolicy/${NAMESPACE}/mailer: port 4223 is not a port of every pod a rule lets out to`,
      `TCPRoute/${NAMESPACE}/panel-gateway-tcp: backend port 7701 is not a port of Service panel-gateway`,
      `ReferenceGrant/${NAMESPACE}/portal-api-tls: shares Secret portal-tls, which does not exist`,
      `PodMonitor/${NAMESPACE}/portal-apps: port metrcs is not a port of any pod it selects`,
    ]);
  });

  it('reads NetworkPolicy rules as Kubernetes does: isolation, peers, ports, address blocks', () => {
    const pod = (namespace: string, app: string, ip: string, ports: PodEndpoint['ports'] = []) =>
      outsidePod(namespace, { app }, ip, ports);
    const a = pod('n', 'a', '10.0.0.1');
    const b = pod('n', 'b', '10.0.0.2', [{ name: 'http', containerPort: 8080 }]);
    const elsewhere = pod('m', 'a', '10.0.0.3');
    const policy = (spec: object): K8sObject => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'p', namespace: 'n' },
      spec,
    });
    const check = (policies: K8sObject[], from: Endpoint, to: Endpoint, port: number, protocol?: 'TCP' | 'UDP') =>
      isAllowed(policies, { from, to, port, protocol });
    // No policy: everything; a policy isolates only the pods it selects, only in its directions.
    expect(check([], a, b, 8080)).toBe(true);
    const onlyAToHttp = policy({
      podSelector: { matchLabels: { app: 'b' } },
      ingress: [{ from: [{ podSelector: { matchLabels: { app: 'a' } } }], ports: [{ port: 'http' }] }],
    });
    expect(check([onlyAToHttp], a, b, 8080)).toBe(true);
    expect(check([onlyAToHttp], a, b, 80)).toBe(false);
    expect(check([onlyAToHttp], a, b, 8080, 'UDP')).toBe(false);
    expect(check([onlyAToHttp], elsewhere, b, 8080)).toBe(false); // a pod selector alone: the policy's namespace
    expect(check([onlyAToHttp], b, a, 1234)).toBe(true); // b's egress and a's ingress are not isolated
    // Without policyTypes a policy isolates ingress, and egress too when it has egress rules; a
    // namespace and a pod selector in one peer must both match.
    const egressRules = policy({
      podSelector: {},
      egress: [
        {
          to: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'm' } },
              podSelector: { matchLabels: { app: 'a' } },
            },
          ],
        },
      ],
    });
    expect(check([egressRules], a, elsewhere, 1)).toBe(true);
    expect(check([egressRules], a, pod('m', 'c', '10.0.0.4'), 1)).toBe(false);
    expect(check([egressRules], elsewhere, a, 1)).toBe(false);
    // Address blocks and their exceptions, IPv4 and IPv6; a port range.
    const out = policy({
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [
            { ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8'] } },
            { ipBlock: { cidr: '::/0', except: ['fc00::/7'] } },
          ],
          ports: [{ port: 8000, endPort: 8100 }],
        },
      ],
    });
    expect(['203.0.113.1', '10.1.2.3', '2001:db8::1', 'fd12::1'].map((ip) => check([out], a, { ip }, 8080))).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(check([out], a, { ip: '203.0.113.1' }, 8101)).toBe(false);
  });
});
