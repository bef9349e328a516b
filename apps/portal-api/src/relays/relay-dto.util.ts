import { withTriggerDefaults, type RelayActionDto, type RelayActionRunDto, type RelayDto } from '@app/contracts';
import type { RelayActionEntity, RelayActionRunEntity, RelayEntity } from '@app/database';

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

export function relayActionRunDto(run: RelayActionRunEntity): RelayActionRunDto {
  return {
    id: run.id,
    action_id: run.relayActionId,
    hwaddr: run.hwaddr,
    event_seq: run.eventSeq,
    trigger: run.trigger,
    status: run.status,
    attempts: run.attempts,
    error: run.error,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}
