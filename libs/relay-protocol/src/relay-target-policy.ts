import { resolveOutboundTarget, type AllowedTargets } from '@app/platform';
import { RelayError } from './relay-error';

/**
 * Decides where a relay may be reached. Host names are resolved here and the connection goes to the
 * checked address, so a name cannot be re-pointed at a private address between check and connect.
 */
export class RelayTargetPolicy {
  constructor(private readonly allowed: AllowedTargets) {}

  /** The address to connect to for `host`, or a RelayError saying why there is none. */
  async resolve(host: string): Promise<string> {
    const target = await resolveOutboundTarget(host, this.allowed);
    if (target.ok) return target.address;
    if (target.why === 'not-found')
      throw new RelayError('not-found', `Relay host ${host} could not be found: check the address or dynamic DNS name`);
    throw new RelayError(
      'refused-target',
      `Relay address ${host}${target.address === host ? '' : ` (${target.address})`} is a loopback, private or link-local address: use the relay's public address or DNS name and forward its port`,
    );
  }
}
