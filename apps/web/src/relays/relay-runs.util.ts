import type { RelayDto } from '@app/contracts';

/** The relays with an action for one of these sites. */
export function relayIdsActingFor(relays: RelayDto[], hwaddrs: string[]): number[] {
  const sites = new Set(hwaddrs);
  return relays.filter((relay) => relay.actions.some((action) => sites.has(action.hwaddr))).map((relay) => relay.id);
}
