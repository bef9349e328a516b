import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { RelayError } from './relay-error';

/** Loopback, private, link-local and unspecified ranges: a relay there is refused unless allowed. */
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
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1] : address;
}

/** The parsed allow-list: host names as typed (any case), addresses and CIDR ranges. */
export class AllowedRelayTargets {
  private constructor(
    readonly entries: readonly string[],
    private readonly names: ReadonlySet<string>,
    private readonly addresses: BlockList,
  ) {}

  /** Comma-separated hosts, addresses and CIDRs; throws naming the first entry that is none. */
  static parse(text: string): AllowedRelayTargets {
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
        addresses.addAddress(unmapped(entry), family(unmapped(entry)));
      } else if (/^[A-Za-z0-9_.-]+$/.test(entry)) {
        names.add(entry.toLowerCase());
      } else {
        throw new Error(`'${entry}' is not a host name, an IP address or a CIDR range`);
      }
    }
    return new AllowedRelayTargets(entries, names, addresses);
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
  const plain = unmapped(address);
  return REFUSED.check(plain, family(plain));
}

/**
 * Decides where a relay may be reached. Host names are resolved here and the connection goes to the
 * checked address, so a name cannot be re-pointed at a private address between check and connect.
 */
export class RelayTargetPolicy {
  constructor(private readonly allowed: AllowedRelayTargets) {}

  /** The address to connect to for `host`, or a RelayError saying why there is none. */
  async resolve(host: string): Promise<string> {
    const addresses = isIP(host) !== 0 ? [host] : await this.lookup(host);
    if (this.allowed.allowsName(host)) return addresses[0];
    for (const address of addresses) {
      const plain = unmapped(address);
      if (isRefusedAddress(plain) && !this.allowed.allowsAddress(plain)) {
        throw new RelayError(
          'refused-target',
          `Relay address ${host}${plain === host ? '' : ` (${plain})`} is a loopback, private or link-local address: use the relay's public address or DNS name and forward its port`,
        );
      }
    }
    return unmapped(addresses[0]);
  }

  private async lookup(host: string): Promise<string[]> {
    try {
      const found = await lookup(host, { all: true, verbatim: true });
      if (found.length === 0) throw Object.assign(new Error('no address'), { code: 'ENOTFOUND' });
      return found.map((entry) => entry.address);
    } catch {
      throw new RelayError('not-found', `Relay host ${host} could not be found: check the address or dynamic DNS name`);
    }
  }
}
