/** One gateway copy a panel may connect to. */
export interface GatewayAddress {
  host: string;
  port: number;
}

/**
 * The gateway addresses a panel knows, tried in turn: after a connection that failed or was lost,
 * the next one, and after the last the first again. Any copy serves any panel, so a panel whose
 * gateway died is back on another copy after one reconnect wait instead of knocking on the dead
 * one until it comes back.
 */
export class GatewayRotation {
  private readonly addresses: readonly GatewayAddress[];
  private index = 0;

  constructor(addresses: readonly GatewayAddress[]) {
    if (addresses.length === 0) throw new Error('a panel needs at least one gateway address');
    this.addresses = [...addresses];
  }

  /** Where the next connection goes. */
  get current(): GatewayAddress {
    return this.addresses[this.index];
  }

  /** Moves on after a connection that failed or ended; answers where the next one goes. */
  advance(): GatewayAddress {
    this.index = (this.index + 1) % this.addresses.length;
    return this.current;
  }
}

/** The text form of an address, as the simulator's `--gateway` takes it. */
export function formatGatewayAddress({ host, port }: GatewayAddress): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
