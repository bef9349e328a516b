import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { K8sObject } from './kustomize-build.util';
import { describeObject, type ManifestProblem } from './schema-validation.util';
import {
  type LabelSelector,
  type Workload,
  containerHasPort,
  findObject,
  matchesLabelSelector,
  podHasPort,
  selectedWorkloads,
  selects,
  workloadSpec,
  workloadsOf,
  workloadsSelectedBy,
} from './workload.util';

/**
 * The TLS Secrets the manifests use and do not make: made by hand (`kubectl create secret tls`) or
 * by the cert-manager component's Certificates (docs/operations.md); nats-tls (the NATS servers'
 * certificate and their CA) by hand or by a CA issuer of the cluster's.
 */
export const EXTERNAL_SECRETS: readonly string[] = ['portal-api-tls', 'panel-gateway-tls', 'nats-tls'];

/**
 * What the schemas cannot see: one object naming another that is not there, or not as it is named.
 * Services, PodDisruptionBudgets, NetworkPolicies and pod monitors select pods some workload makes,
 * service monitors Services; ports named by Services, probes, Ingresses, routes, monitors and
 * NetworkPolicies exist; every ConfigMap, Secret and volume a pod uses is there, and every Secret a
 * ReferenceGrant shares; autoscalers aim at Deployments that leave their replica count to them; a
 * StatefulSet's service is headless. Secrets made outside the manifests (TLS certificates) are named
 * in `externalSecrets`, unless a cert-manager Certificate among the objects makes them.
 */
export function findBrokenReferences(objects: K8sObject[], externalSecrets: readonly string[]): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const report = (object: K8sObject, message: string) => problems.push({ object: describeObject(object), message });
  const workloads = workloadsOf(objects);
  const secretExists = (name: string, namespace: string | undefined) =>
    externalSecrets.includes(name) ||
    findObject(objects, 'Secret', name, namespace) !== undefined ||
    objects.some(
      (object) =>
        object.kind === 'Certificate' &&
        object.metadata.namespace === namespace &&
        (object.spec as { secretName?: string }).secretName === name,
    );

  for (const workload of workloads) checkWorkload(workload, objects, secretExists, report);

  for (const object of objects) {
    const namespace = object.metadata.namespace;
    const spec = (object.spec ?? {}) as Record<string, never>;
    switch (object.kind) {
      case 'Service':
        checkService(object, workloads, report);
        break;
      case 'PodDisruptionBudget': {
        const selector = (spec.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels;
        if (selectedWorkloads(workloads, namespace, selector).length === 0) report(object, 'selects no pods');
        break;
      }
      case 'HorizontalPodAutoscaler': {
        const target = spec.scaleTargetRef as { kind: string; name: string };
        const scaled = findObject(objects, target.kind, target.name, namespace);
        if (!scaled) report(object, `scales ${target.kind}/${target.name}, which does not exist`);
        else if ((scaled.spec as { replicas?: number }).replicas !== undefined) {
          report(
            object,
            `${target.kind}/${target.name} sets replicas, which every apply would put back over the autoscaler's`,
          );
        }
        break;
      }
      case 'Ingress':
        checkIngress(object, objects, secretExists, report);
        break;
      case 'NetworkPolicy':
        checkNetworkPolicy(object, workloads, report);
        break;
      case 'HTTPRoute':
      case 'TCPRoute':
      case 'TLSRoute':
        checkRoute(object, objects, report);
        break;
      case 'ReferenceGrant':
        for (const target of (spec.to as Array<{ group: string; kind: string; name?: string }>) ?? []) {
          if (target.group === '' && target.kind === 'Secret' && !secretExists(target.name ?? '', namespace)) {
            report(object, `shares Secret ${target.name}, which does not exist`);
          }
        }
        break;
      case 'PodMonitor':
      case 'ServiceMonitor':
        checkMonitor(object, objects, workloads, report);
        break;
    }
  }
  return problems;
}

type Report = (object: K8sObject, message: string) => void;

function checkWorkload(
  workload: Workload,
  objects: K8sObject[],
  secretExists: (name: string, namespace: string | undefined) => boolean,
  report: Report,
): void {
  const { object, pod } = workload;
  const namespace = object.metadata.namespace;
  const spec = workloadSpec(workload);
  if (!selects(spec.selector?.matchLabels, workload.podLabels) || !spec.selector?.matchLabels) {
    report(object, 'its selector does not match its own pod template');
  }
  if (object.kind === 'StatefulSet') {
    const serviceName = (object.spec as { serviceName?: string }).serviceName ?? '';
    const service = findObject(objects, 'Service', serviceName, namespace);
    const serviceSpec = service?.spec as { clusterIP?: string; selector?: Record<string, string> } | undefined;
    if (!service || serviceSpec?.clusterIP !== 'None' || !selects(serviceSpec.selector, workload.podLabels)) {
      report(object, `serviceName ${serviceName} is not a headless Service selecting its pods`);
    }
  }

  const volumes = new Map((pod.volumes ?? []).map((volume) => [volume.name, volume]));
  for (const volume of volumes.values()) {
    if (volume.configMap && !findObject(objects, 'ConfigMap', volume.configMap.name ?? '', namespace)) {
      report(object, `volume ${volume.name}: ConfigMap ${volume.configMap.name} does not exist`);
    }
    if (volume.secret && !secretExists(volume.secret.secretName ?? '', namespace)) {
      report(object, `volume ${volume.name}: Secret ${volume.secret.secretName} does not exist`);
    }
  }

  for (const container of pod.containers) {
    const where = `container ${container.name}`;
    for (const mount of container.volumeMounts ?? []) {
      if (!volumes.has(mount.name) && !workload.claimNames.includes(mount.name)) {
        report(object, `${where} mounts ${mount.name}, which is not a volume of the pod`);
      }
    }
    for (const [probeName, probe] of probesOf(container)) {
      const port = probe.httpGet?.port ?? probe.tcpSocket?.port ?? probe.grpc?.port;
      if (port !== undefined && !containerHasPort(container, port)) {
        report(object, `${where}: the ${probeName} probe's port ${port} is not a port of the container`);
      }
    }
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef && !findObject(objects, 'ConfigMap', source.configMapRef.name ?? '', namespace)) {
        report(object, `${where}: envFrom ConfigMap ${source.configMapRef.name} does not exist`);
      }
      if (source.secretRef && !secretExists(source.secretRef.name ?? '', namespace)) {
        report(object, `${where}: envFrom Secret ${source.secretRef.name} does not exist`);
      }
    }
    for (const variable of container.env ?? []) {
      const configMapKey = variable.valueFrom?.configMapKeyRef;
      if (configMapKey) {
        const configMap = findObject(objects, 'ConfigMap', configMapKey.name ?? '', namespace);
        if (!(configMapKey.key in ((configMap?.data as Record<string, string> | undefined) ?? {}))) {
          report(
            object,
            `${where}: ${variable.name} reads ${configMapKey.key} of ConfigMap ${configMapKey.name}, not there`,
          );
        }
      }
      const secretKey = variable.valueFrom?.secretKeyRef;
      if (secretKey) {
        const secret = findObject(objects, 'Secret', secretKey.name ?? '', namespace);
        const data = secret?.data as Record<string, string> | undefined;
        if (!data || !(secretKey.key in data)) {
          report(object, `${where}: ${variable.name} reads ${secretKey.key} of Secret ${secretKey.name}, not there`);
        }
      }
    }
  }
}

export function probesOf(container: IContainer): Array<[string, IProbe]> {
  const probes: Array<[string, IProbe | undefined]> = [
    ['startup', container.startupProbe],
    ['liveness', container.livenessProbe],
    ['readiness', container.readinessProbe],
  ];
  return probes.filter((entry): entry is [string, IProbe] => entry[1] !== undefined);
}

function checkService(object: K8sObject, workloads: Workload[], report: Report): void {
  const spec = object.spec as {
    type?: string;
    selector?: Record<string, string>;
    ports?: Array<{ name?: string; port: number; targetPort?: string | number }>;
  };
  if (spec.type === 'ExternalName') return;
  const selected = selectedWorkloads(workloads, object.metadata.namespace, spec.selector);
  if (!spec.selector || selected.length === 0) {
    report(object, 'selects no pods of any Deployment or StatefulSet');
    return;
  }
  for (const port of spec.ports ?? []) {
    const target = port.targetPort ?? port.port;
    for (const workload of selected) {
      if (!podHasPort(workload.pod, target)) {
        report(
          object,
          `port ${port.name ?? port.port} targets ${target}, not a port of ${describeObject(workload.object)}`,
        );
      }
    }
  }
}

function checkIngress(
  object: K8sObject,
  objects: K8sObject[],
  secretExists: (name: string, namespace: string | undefined) => boolean,
  report: Report,
): void {
  const spec = object.spec as {
    tls?: Array<{ secretName?: string }>;
    rules?: Array<{
      http?: { paths: Array<{ backend: { service?: { name: string; port: { name?: string; number?: number } } } }> };
    }>;
  };
  for (const tls of spec.tls ?? []) {
    if (!secretExists(tls.secretName ?? '', object.metadata.namespace)) {
      report(object, `TLS Secret ${tls.secretName} does not exist`);
    }
  }
  for (const path of (spec.rules ?? []).flatMap((rule) => rule.http?.paths ?? [])) {
    const backend = path.backend.service;
    if (!backend) continue;
    const service = findObject(objects, 'Service', backend.name, object.metadata.namespace);
    const ports = (service?.spec as { ports?: Array<{ name?: string; port: number }> } | undefined)?.ports ?? [];
    const port = backend.port.name ?? backend.port.number;
    if (!service) report(object, `backend Service ${backend.name} does not exist`);
    else if (!ports.some((declared) => declared.name === port || declared.port === port)) {
      report(object, `backend port ${port} is not a port of Service ${backend.name}`);
    }
  }
}

interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: object;
}

function checkNetworkPolicy(object: K8sObject, workloads: Workload[], report: Report): void {
  const namespace = object.metadata.namespace;
  const spec = object.spec as {
    podSelector: LabelSelector;
    ingress?: Array<{ from?: PolicyPeer[]; ports?: Array<{ port?: string | number }> }>;
    egress?: Array<{ to?: PolicyPeer[]; ports?: Array<{ port?: string | number }> }>;
  };
  const protectedPods = workloadsSelectedBy(workloads, namespace, spec.podSelector);
  if (protectedPods.length === 0) report(object, 'selects no pods');
  // Only a pod selector without a namespace selector names pods of this namespace, which are all here.
  const podsOfPeer = (peer: PolicyPeer) =>
    peer.podSelector && !peer.namespaceSelector ? workloadsSelectedBy(workloads, namespace, peer.podSelector) : null;
  for (const rule of spec.ingress ?? []) {
    for (const port of rule.ports ?? []) {
      if (port.port !== undefined && !protectedPods.every((workload) => podHasPort(workload.pod, port.port!))) {
        report(object, `port ${port.port} is not a port of every pod it protects`);
      }
    }
    for (const peer of rule.from ?? []) {
      if (podsOfPeer(peer)?.length === 0) {
        report(object, `a rule admits pods selected by ${JSON.stringify(peer.podSelector)}, and no pod is`);
      }
    }
  }
  for (const rule of spec.egress ?? []) {
    for (const peer of rule.to ?? []) {
      const pods = podsOfPeer(peer);
      if (pods?.length === 0) {
        report(object, `a rule lets out to pods selected by ${JSON.stringify(peer.podSelector)}, and no pod is`);
      }
      for (const port of rule.ports ?? []) {
        if (pods && port.port !== undefined && !pods.every((workload) => podHasPort(workload.pod, port.port!))) {
          report(object, `port ${port.port} is not a port of every pod a rule lets out to`);
        }
      }
    }
  }
}

/** A route's backends: Services of its namespace, by one of their port numbers. */
function checkRoute(object: K8sObject, objects: K8sObject[], report: Report): void {
  const spec = object.spec as {
    parentRefs?: unknown[];
    rules?: Array<{ backendRefs?: Array<{ kind?: string; name: string; port?: number }> }>;
  };
  if ((spec.parentRefs ?? []).length === 0) report(object, 'attaches to no Gateway');
  for (const backend of (spec.rules ?? []).flatMap((rule) => rule.backendRefs ?? [])) {
    if ((backend.kind ?? 'Service') !== 'Service') continue;
    const service = findObject(objects, 'Service', backend.name, object.metadata.namespace);
    const ports = (service?.spec as { ports?: Array<{ port: number }> } | undefined)?.ports ?? [];
    if (!service) report(object, `backend Service ${backend.name} does not exist`);
    else if (!ports.some((declared) => declared.port === backend.port)) {
      report(object, `backend port ${backend.port} is not a port of Service ${backend.name}`);
    }
  }
}

/** A PodMonitor's pods or a ServiceMonitor's Services, in its own namespace, and the ports it scrapes. */
function checkMonitor(object: K8sObject, objects: K8sObject[], workloads: Workload[], report: Report): void {
  const namespace = object.metadata.namespace;
  const spec = object.spec as {
    selector: LabelSelector;
    podMetricsEndpoints?: Array<{ port?: string }>;
    endpoints?: Array<{ port?: string }>;
  };
  if (object.kind === 'PodMonitor') {
    const pods = workloadsSelectedBy(workloads, namespace, spec.selector);
    if (pods.length === 0) report(object, 'selects no pods');
    for (const { port } of spec.podMetricsEndpoints ?? []) {
      if (port !== undefined && !pods.some((workload) => podHasPort(workload.pod, port))) {
        report(object, `port ${port} is not a port of any pod it selects`);
      }
    }
    return;
  }
  const services = objects.filter(
    (candidate) =>
      candidate.kind === 'Service' &&
      candidate.metadata.namespace === namespace &&
      matchesLabelSelector(spec.selector, candidate.metadata.labels ?? {}),
  );
  if (services.length === 0) report(object, 'selects no Services');
  for (const { port } of spec.endpoints ?? []) {
    const named = (service: K8sObject) =>
      ((service.spec as { ports?: Array<{ name?: string }> }).ports ?? []).some((declared) => declared.name === port);
    if (port !== undefined && !services.some(named))
      report(object, `port ${port} is not a port of any Service it selects`);
  }
}
