import { withTriggerDefaults, type RelayActionDto, type RelayDto } from '@app/contracts';
import { toRelayActionRunDto, type RelayActionEntity, type RelayEntity } from '@app/database';

/** A relay as the API shows it: never its password. */
export function relayDto(relay: RelayEntity): RelayDto {
  return {
    id: relay.id,
    host: relay.host,
    name: relay.name,
    port: relay.port,
    actions: (relay.actions ?? []).map(relayActionDto),
  };
}

export function relayActionDto(action: RelayActionEntity): RelayActionDto {
  return {
    id: action.id,
    hwaddr: action.hwaddr,
    on_fire: withTriggerDefaults(action.onFire),
    on_fault: withTriggerDefaults(action.onFault),
  };
}

/** A run as the API lists it: the same form the live feed's RelayRun carries. */
export const relayActionRunDto = toRelayActionRunDto;
