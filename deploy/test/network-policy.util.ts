import { isIP } from 'node:net';
import type { K8sObject } from './kustomize-build.util';
import { type LabelSelector, matchesLabelSelector } from './workload.util';

/**
 * Decides, as NetworkPolicy's rules read, whether the policies let one connection through: a pod's
 * egress must allow it if any policy isolates that pod for egress, and the destination pod's
 * ingress likewise; a pod no policy isolates in that direction allows everything. Within a rule,
 * `from`/`to` peers (pods by pod and namespace selector, addresses by ipBlock) and ports (by number,
 * range or the destination pod's port name, and protocol) must both match; no peers or no ports
 * means any. One choice where plugins differ: an ipBlock here also matches a pod's own address, the
 * reading that lets the most through, so that a connection found refused is refused by every plugin.
 */

/** A pod: where it runs, its labels and those of its namespace, its address and declared ports. */
export interface PodEndpoint {
  namespace: string;
  namespaceLabels: Record<string, string>;
  labels: Record<string, string>;
  ip: string;
  ports: Array<{ name?: string; containerPort: number; protocol?: string }>;
}

/** Anything outside the cluster: an address only. */
export interface AddressEndpoint {
  ip: string;
}

export type Endpoint = PodEndpoint | AddressEndpoint;

export interface Connection {
  from: Endpoint;
  to: Endpoint;
  port: number;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
}

interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyPort {
  port?: number | string;
  endPort?: number;
  protocol?: string;
}
interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: PolicyPort[];
}
interface PolicySpec {
  podSelector: LabelSelector;
  policyTypes?: string[];
  ingress?: PolicyRule[];
  egress?: PolicyRule[];
}

export function isPod(endpoint: Endpoint): endpoint is PodEndpoint {
  return 'labels' in endpoint;
}

/** Whether the NetworkPolicies among `objects` let the connection through. */
export function isAllowed(objects: K8sObject[], connection: Connection): boolean {
  const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
  const { from, to } = connection;
  const egressAllowed = !isPod(from) || directionAllows(policies, 'Egress', from, to, connection);
  const ingressAllowed = !isPod(to) || directionAllows(policies, 'Ingress', to, from, connection);
  return egressAllowed && ingressAllowed;
}

/** Whether `pod`'s policies of one direction allow the connection with `peer` (the other end). */
function directionAllows(
  policies: K8sObject[],
  direction: 'Ingress' | 'Egress',
  pod: PodEndpoint,
  peer: Endpoint,
  connection: Connection,
): boolean {
  const isolating = policies.filter((policy) => {
    const spec = policy.spec as PolicySpec;
    return (
      policy.metadata.namespace === pod.namespace &&
      matchesLabelSelector(spec.podSelector, pod.labels) &&
      policyTypes(spec).includes(direction)
    );
  });
  if (isolating.length === 0) return true;
  const destination = direction === 'Ingress' ? pod : connection.to;
  return isolating.some((policy) => {
    const spec = policy.spec as PolicySpec;
    const rules = (direction === 'Ingress' ? spec.ingress : spec.egress) ?? [];
    return rules.some((rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      const peerMatches =
        !peers || peers.length === 0 || peers.some((candidate) => peerMatchesEndpoint(candidate, peer, policy));
      const portMatches =
        !rule.ports ||
        rule.ports.length === 0 ||
        rule.ports.some((port) => rulePortMatches(port, connection, destination));
      return peerMatches && portMatches;
    });
  });
}

/** Ingress always; Egress when listed, or, without policyTypes, when the policy has egress rules. */
function policyTypes(spec: PolicySpec): string[] {
  return spec.policyTypes ?? ['Ingress', ...(spec.egress ? ['Egress'] : [])];
}

function peerMatchesEndpoint(peer: PolicyPeer, endpoint: Endpoint, policy: K8sObject): boolean {
  if (peer.ipBlock) {
    const { cidr, except = [] } = peer.ipBlock;
    return inCidr(endpoint.ip, cidr) && !except.some((excluded) => inCidr(endpoint.ip, excluded));
  }
  if (!isPod(endpoint)) return false;
  const namespaceMatches = peer.namespaceSelector
    ? matchesLabelSelector(peer.namespaceSelector, endpoint.namespaceLabels)
    : endpoint.namespace === policy.metadata.namespace;
  return namespaceMatches && (!peer.podSelector || matchesLabelSelector(peer.podSelector, endpoint.labels));
}

/** A port of a rule against the connection; a named port is looked up among the destination pod's. */
function rulePortMatches(port: PolicyPort, connection: Connection, destination: Endpoint): boolean {
  const protocol = connection.protocol ?? 'TCP';
  if ((port.protocol ?? 'TCP') !== protocol) return false;
  if (port.port === undefined) return true;
  if (typeof port.port === 'number') {
    return port.endPort === undefined
      ? connection.port === port.port
      : connection.port >= port.port && connection.port <= port.endPort;
  }
  if (!isPod(destination)) return false;
  return destination.ports.some(
    (declared) =>
      declared.name === port.port &&
      declared.containerPort === connection.port &&
      (declared.protocol ?? 'TCP') === protocol,
  );
}

/** Whether an IPv4 or IPv6 address lies in a CIDR block of the same family. */
export function inCidr(ip: string, cidr: string): boolean {
  const [network, bitsText] = cidr.split('/');
  const family = isIP(ip);
  if (family === 0 || family !== isIP(network)) return false;
  const width = family === 4 ? 32 : 128;
  const bits = BigInt(bitsText ?? width);
  const shift = BigInt(width) - bits;
  return addressValue(ip) >> shift === addressValue(network) >> shift;
}

function addressValue(ip: string): bigint {
  if (isIP(ip) === 4) return ip.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headParts.length - tailParts.length).fill('0');
  return [...headParts, ...zeros, ...tailParts].reduce((value, part) => (value << 16n) | BigInt(`0x${part}`), 0n);
}
