import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { K8sObject } from './kustomize-build.util';
import { describeObject, type ManifestProblem } from './schema-validation.util';
import {
  type Workload,
  containerHasPort,
  findObject,
  podHasPort,
  selectedWorkloads,
  selects,
  workloadSpec,
  workloadsOf,
} from './workload.util';

/**
 * What the schemas cannot see: one object naming another that is not there, or not as it is named.
 * Services and PodDisruptionBudgets select pods some workload makes, ports named by Services,
 * probes, Ingresses and NetworkPolicies exist, every ConfigMap, Secret and volume a pod uses is
 * there, autoscalers aim at Deployments that leave their replica count to them, a StatefulSet's
 * service is headless. Secrets made outside the manifests (TLS certificates) are named in
 * `externalSecrets`.
 */
export function findBrokenReferences(objects: K8sObject[], externalSecrets: readonly string[]): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const report = (object: K8sObject, message: string) => problems.push({ object: describeObject(object), message });
  const workloads = workloadsOf(objects);
  const secretExists = (name: string, namespace: string | undefined) =>
    externalSecrets.includes(name) || findObject(objects, 'Secret', name, namespace) !== undefined;

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

function checkNetworkPolicy(object: K8sObject, workloads: Workload[], report: Report): void {
  const spec = object.spec as {
    podSelector?: { matchLabels?: Record<string, string> };
    ingress?: Array<{
      from?: Array<{ podSelector?: { matchLabels?: Record<string, string> } }>;
      ports?: Array<{ port?: string | number }>;
    }>;
  };
  const protectedPods = selectedWorkloads(workloads, object.metadata.namespace, spec.podSelector?.matchLabels);
  if (protectedPods.length === 0) report(object, 'selects no pods');
  for (const rule of spec.ingress ?? []) {
    for (const port of rule.ports ?? []) {
      if (port.port !== undefined && !protectedPods.every((workload) => podHasPort(workload.pod, port.port!))) {
        report(object, `port ${port.port} is not a port of every pod it protects`);
      }
    }
    for (const peer of rule.from ?? []) {
      const selector = peer.podSelector?.matchLabels;
      if (selector && selectedWorkloads(workloads, object.metadata.namespace, selector).length === 0) {
        report(object, `a rule admits pods labelled ${JSON.stringify(selector)}, and no pod is`);
      }
    }
  }
}
