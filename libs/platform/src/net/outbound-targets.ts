import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Loopback, private, link-local and unspecified ranges: an outgoing connection there is refused unless allowed. */
const REFUSED_RANGES: ReadonlyArray<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
];

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** '::ffff:127.0.0.1' is 127.0.0.1. */
export function unmappedAddress(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1] : address;
}

/** The parsed allow-list: host names as typed (any case), addresses and CIDR ranges. */
export class AllowedTargets {
  private constructor(
    readonly entries: readonly string[],
    private readonly names: ReadonlySet<string>,
    private readonly addresses: BlockList,
  ) {}

  /** Comma-separated hosts, addresses and CIDRs; throws naming the first entry that is none. */
  static parse(text: string): AllowedTargets {
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const names = new Set<string>();
    const addresses = new BlockList();
    for (const entry of entries) {
      const [address, bits, extra] = entry.split('/');
      if (bits !== undefined) {
        const prefix = Number(bits);
        const max = isIP(address) === 6 ? 128 : 32;
        if (extra !== undefined || isIP(address) === 0 || !/^\d+$/.test(bits) || prefix > max)
          throw new Error(`'${entry}' is not a valid CIDR range`);
        addresses.addSubnet(address, prefix, family(address));
      } else if (isIP(entry) !== 0) {
        addresses.addAddress(unmappedAddress(entry), family(unmappedAddress(entry)));
      } else if (/^[A-Za-z0-9_.-]+$/.test(entry)) {
        names.add(entry.toLowerCase());
      } else {
        throw new Error(`'${entry}' is not a host name, an IP address or a CIDR range`);
      }
    }
    return new AllowedTargets(entries, names, addresses);
  }

  allowsName(host: string): boolean {
    return this.names.has(host.toLowerCase());
  }

  allowsAddress(address: string): boolean {
    return this.addresses.check(address, family(address));
  }
}

const REFUSED = new BlockList();
for (const [network, prefix, type] of REFUSED_RANGES) REFUSED.addSubnet(network, prefix, type);

export function isRefusedAddress(address: string): boolean {
  const plain = unmappedAddress(address);
  return REFUSED.check(plain, family(plain));
}

/** The host of a URL as a name or a bare address (`[::1]` is `::1`), to resolve and check. */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Where an outgoing connection to `host` goes, or why it may not. */
export type OutboundTarget =
  { ok: true; address: string } | { ok: false; why: 'refused'; address: string } | { ok: false; why: 'not-found' };

/**
 * Resolves `host` once and checks every address it has: the connection then goes to the checked
 * address, so a name cannot be re-pointed at a private address between check and connect. A host
 * on the allow-list, or an address in it, passes whatever its range.
 */
export async function resolveOutboundTarget(host: string, allowed: AllowedTargets): Promise<OutboundTarget> {
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return { ok: false, why: 'not-found' };
  }
  if (allowed.allowsName(host)) return { ok: true, address: unmappedAddress(addresses[0]) };
  for (const address of addresses) {
    const plain = unmappedAddress(address);
    if (isRefusedAddress(plain) && !allowed.allowsAddress(plain)) return { ok: false, why: 'refused', address: plain };
  }
  return { ok: true, address: unmappedAddress(addresses[0]) };
}
