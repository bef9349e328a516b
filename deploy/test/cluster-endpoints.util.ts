import type { IContainer } from 'kubernetes-models/v1/Container';
import type { K8sObject } from './kustomize-build.util';
import type { PodEndpoint } from './network-policy.util';
import { findObject, workloadsOf } from './workload.util';

/** The portal's namespace. */
const NAMESPACE = 'fire-alarm-portal';

/** The namespace labels the API server sets, and a pod there. */
export function outsidePod(
  namespace: string,
  labels: Record<string, string>,
  ip: string,
  ports: PodEndpoint['ports'] = [],
) {
  return { namespace, namespaceLabels: { 'kubernetes.io/metadata.name': namespace }, labels, ip, ports };
}
// PLACEHOLDER values of the manifests: the Gateway's proxies, ingress-nginx, Prometheus.
export const GATEWAY_PROXY = outsidePod('gateway-system', { app: 'proxy' }, '10.244.9.10');
export const INGRESS_NGINX = outsidePod('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' }, '10.244.9.11');
export const PROMETHEUS = outsidePod('monitoring', { 'app.kubernetes.io/name': 'prometheus' }, '10.244.9.12');
/** A pod of another namespace wearing portal-api's labels. */
export const LOOK_ALIKE = outsidePod('default', { 'app.kubernetes.io/name': 'portal-api' }, '10.244.9.13');
export const KUBE_DNS = outsidePod('kube-system', { 'k8s-app': 'kube-dns' }, '10.244.9.14', [
  { name: 'dns', containerPort: 53, protocol: 'UDP' },
  { name: 'dns-tcp', containerPort: 53, protocol: 'TCP' },
  { name: 'metrics', containerPort: 9153 },
]);
export const INTERNET = { ip: '198.51.100.23' };

/** A pod of each workload of the portal, with an address of the cluster's pod network. */
export function portalPods(objects: K8sObject[]): Record<string, PodEndpoint> {
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
