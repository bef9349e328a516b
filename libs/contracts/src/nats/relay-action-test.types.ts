import type { RelayTrigger } from '../relays/relay-trigger.types';

/** Request/reply on the relay-action-test subject: drive one action's settings once, answered by a relay-worker copy. */
export interface RelayActionTestRequest {
  relayId: number;
  actionId: number;
  trigger: RelayTrigger;
}

export type RelayActionTestReply = { ok: true } | { ok: false; reason: string };
