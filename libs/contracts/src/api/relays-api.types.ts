import type { RelayTriggerSettings } from '../relays/relay-trigger.types';
import type { HandledBeforeRestore } from '../restore/handled-before-restore.constants';

/** Calls under /api/relays (spec 7). Responses never carry a relay's password. */

export interface RelayActionDto {
  id: number;
  hwaddr: string;
  on_fire: RelayTriggerSettings;
  on_fault: RelayTriggerSettings;
}

export interface RelayDto {
  id: number;
  host: string;
  name: string;
  port: number;
  actions: RelayActionDto[];
}

/** POST /relays/_new. */
export interface RelayRequest {
  host: string;
  name?: string;
  /** Default 17123. */
  port?: number;
  /** Exactly 32 characters. */
  password: string;
}

/** POST /relays/{id}: a missing password keeps the stored one, since responses never return it. */
export interface RelayUpdateRequest {
  host: string;
  name?: string;
  port?: number;
  password?: string;
}

/**
 * POST /relays/{id}/actions: without an id, adds an action for a site the relay has none for;
 * with the id of one of the relay's actions, saves its settings.
 */
export interface RelayActionRequest {
  action: {
    id?: number;
    hwaddr: string;
    on_fire: RelayTriggerSettings;
    on_fault: RelayTriggerSettings;
  };
}

/** POST /relays/_test: answers with a RelayStatus. */
export interface RelayTestRequest {
  host: string;
  port?: number;
  password: string;
}

/** GET /relays/{id}/runs: one firing of one of the relay's actions for one panel event (newest first). */
export interface RelayActionRunDto {
  id: number;
  action_id: number;
  hwaddr: string;
  /** The panel's event sequence number. */
  event_seq: number;
  trigger: 'fire' | 'fault';
  /**
   * 'suppressed': its site was in test mode when the event arrived; nothing was driven
   * (docs/test-mode.md). 'handled-before-restore': driven (or tried) before a database restore lost
   * its record (docs/backup-restore.md).
   */
  status: 'pending' | 'succeeded' | 'failed' | 'suppressed' | HandledBeforeRestore;
  attempts: number;
  /** The last failure's reason, if any; for a suppressed or handled-before-restore run, why. */
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** POST /relays/{id}/actions/test/{actionId}: drives the action's fire or fault settings once (Test action). */
export interface RelayActionTestBody {
  trigger: 'fire' | 'fault';
}
