import type { RelayActionRunDto } from '@app/contracts';
import type { RelayActionRunEntity } from '../entities/relay-action-run.entity';

/** The API's and the live feed's form of a relay run (GET /relays/{id}/runs, RelayRun). */
export function toRelayActionRunDto(run: RelayActionRunEntity): RelayActionRunDto {
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
