import type { RelayStatus } from '../relays/relay-status.types';

/** Request/reply on the relay-verify subject, answered by a relay-worker copy. */
export interface RelayVerifyRequest {
  host: string;
  port: number;
  password: string;
}

export type RelayVerifyReply = { ok: true; status: RelayStatus } | { ok: false; reason: string };
