import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { K8sObject } from './kustomize-build.util';

/** Reading the pods that Deployments and StatefulSets make, and what selects them. */

export const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet']);

export interface Workload {
  object: K8sObject;
  podLabels: Record<string, string>;
  pod: IPodSpec;
  /** The names of the volume claim templates (a StatefulSet's own volumes). */
  claimNames: string[];
}

interface WorkloadSpec {
  replicas?: number;
  selector?: { matchLabels?: Record<string, string> };
  template?: { metadata?: { labels?: Record<string, string> }; spec?: IPodSpec };
  volumeClaimTemplates?: Array<{ metadata?: { name?: string } }>;
}

export function workloadsOf(objects: K8sObject[]): Workload[] {
  return objects
    .filter((object) => WORKLOAD_KINDS.has(object.kind))
    .map((object) => {
      const spec = object.spec as WorkloadSpec;
      return {
        object,
        podLabels: spec.template?.metadata?.labels ?? {},
        pod: spec.template?.spec ?? { containers: [] },
        claimNames: (spec.volumeClaimTemplates ?? []).map((claim) => claim.metadata?.name ?? ''),
      };
    });
}

export function workloadSpec(workload: Workload): WorkloadSpec {
  return workload.object.spec as WorkloadSpec;
}

/** Whether every label of the selector is on the pod (an empty selector selects every pod). */
export function selects(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  return Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);
}

/** The workloads in `namespace` whose pods carry every label of `selector`. */
export function selectedWorkloads(
  workloads: Workload[],
  namespace: string | undefined,
  selector: Record<string, string> | undefined,
): Workload[] {
  return workloads.filter(
    (workload) => workload.object.metadata.namespace === namespace && selects(selector, workload.podLabels),
  );
}

/** Whether a port (by name or number) is one the container declares. */
export function containerHasPort(container: IContainer, port: string | number): boolean {
  return (container.ports ?? []).some((declared) =>
    typeof port === 'number' ? declared.containerPort === port : declared.name === port,
  );
}

export function podHasPort(pod: IPodSpec, port: string | number): boolean {
  return pod.containers.some((container) => containerHasPort(container, port));
}

/** The number of a container's port given by name or number (undefined when it declares none). */
export function containerPortNumber(container: IContainer, port: string | number): number | undefined {
  if (typeof port === 'number') return containerHasPort(container, port) ? port : undefined;
  return container.ports?.find((declared) => declared.name === port)?.containerPort;
}

export function findObject(
  objects: K8sObject[],
  kind: string,
  name: string,
  namespace: string | undefined,
): K8sObject | undefined {
  return objects.find(
    (object) => object.kind === kind && object.metadata.name === name && object.metadata.namespace === namespace,
  );
}

/** A Kubernetes label selector: matchLabels and matchExpressions, both to be met. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}

/** Whether the labels meet the selector (an empty selector selects everything), as the API server reads it. */
export function matchesLabelSelector(selector: LabelSelector, labels: Record<string, string>): boolean {
  if (!selects(selector.matchLabels, labels)) return false;
  return (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
      default:
        throw new Error(`label selector operator ${operator} does not exist`);
    }
  });
}

/** The workloads in `namespace` whose pods a full label selector selects. */
export function workloadsSelectedBy(
  workloads: Workload[],
  namespace: string | undefined,
  selector: LabelSelector,
): Workload[] {
  return workloads.filter(
    (workload) =>
      workload.object.metadata.namespace === namespace && matchesLabelSelector(selector, workload.podLabels),
  );
}
