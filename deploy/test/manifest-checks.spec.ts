import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outsidePod } from './cluster-endpoints.util';
import { buildVariants, readEnvExample, specOf, type RouteSpec } from './component-variants.util';
import { type K8sObject, buildKustomization } from './kustomize-build.util';
import { findBrokenReferences } from './manifest-references.util';
import { type Endpoint, type PodEndpoint, isAllowed } from './network-policy.util';
import { validateAgainstSchemas } from './schema-validation.util';
import { findObject } from './workload.util';

/*
 * The checks the manifests' tests rely on, shown to fail: the kustomize subset on what it refuses,
 * the references and schemas on a broken route, monitor, grant or custom resource, and the
 * NetworkPolicy evaluator on Kubernetes' own rules.
 */

const NAMESPACE = 'fire-alarm-portal';
const built = buildVariants();

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
