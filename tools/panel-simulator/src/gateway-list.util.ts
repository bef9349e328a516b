import type { GatewayAddress } from '@app/panel-protocol';

/**
 * One gateway address: `host:port`, an IPv6 host in brackets (`[::1]:7700`); null when it is not
 * one (no port, a port outside 1-65535, an empty host).
 */
export function parseGatewayAddress(text: string): GatewayAddress | null {
  const match = /^(?:\[([^\]]+)\]|([^[\]]+)):(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65535) return null;
  return { host: match[1] ?? match[2], port };
}

/**
 * The panel at `index` of a simulated fleet starts on the copy at that position of the list, then
 * goes round the list in order: a fleet spreads evenly over the copies, and each panel still tries
 * every copy in turn.
 */
export function gatewaysForPanel(
  gateways: readonly GatewayAddress[],
  index: number,
): { first: GatewayAddress; others: GatewayAddress[] } {
  const start = index % gateways.length;
  const ordered = [...gateways.slice(start), ...gateways.slice(0, start)];
  return { first: ordered[0], others: ordered.slice(1) };
}
