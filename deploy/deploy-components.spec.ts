import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { LIVEFEED_PATH } from '@app/contracts';
import type { loadPanelGatewayConfig } from '../apps/panel-gateway/src/panel-gateway.config';
import type { loadPortalApiConfig } from '../apps/portal-api/src/portal-api.config';
import { type AppContainer, appContainersOf, loadAppConfig, standInSecret } from './test/app-containers.util';
import { findUnknownFields } from './test/known-fields.util';
import { PROMETHEUS, portalPods } from './test/cluster-endpoints.util';
import {
  COMPONENTS_DIR,
  OVERLAY_FILE,
  VARIANTS,
  buildVariants,
  copyOfDeploy,
  listComponents,
  ofKind,
  readEnvExample,
  specOf,
  type RouteSpec,
} from './test/component-variants.util';
import { type K8sObject, buildKustomization } from './test/kustomize-build.util';
import { EXTERNAL_SECRETS, findBrokenReferences } from './test/manifest-references.util';
import { isAllowed } from './test/network-policy.util';
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

const built = buildVariants();
const committed = buildKustomization(join(__dirname, 'overlays/production'), { readEnvFile: readEnvExample });

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
    for (const component of readdirSync(COMPONENTS_DIR)) {
      const dir = join(COMPONENTS_DIR, component);
      const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
      const files = readdirSync(dir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
      expect([component, kustomization.resources.sort()]).toEqual([component, files.sort()]);
    }
    expect(readdirSync(COMPONENTS_DIR).sort()).toEqual([...new Set(Object.values(VARIANTS).flat())].sort());
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
