import { NOTIFICATION_TITLES, type RelayActionRunDto, type RelayDto } from '@app/contracts';

export const RELAY_FAILURE_TITLE = NOTIFICATION_TITLES.RELAY_FAILURE;

/** The relays with an action for one of these sites. */
export function relayIdsActingFor(relays: RelayDto[], hwaddrs: string[]): number[] {
  const sites = new Set(hwaddrs);
  return relays.filter((relay) => relay.actions.some((action) => sites.has(action.hwaddr))).map((relay) => relay.id);
}

/** No run still being driven. */
export function runsSettled(runs: RelayActionRunDto[]): boolean {
  return runs.every((run) => run.status !== 'pending');
}
